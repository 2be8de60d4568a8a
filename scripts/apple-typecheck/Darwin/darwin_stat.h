// struct stat as stat(2) documents it for 64-bit inodes (_DARWIN_FEATURE_64_BIT_INODE, the only layout on
// arm64 and the default since macOS 10.6). The S_IF* file-type constants are not taken from here: the SDK's
// Swift overlay declares them as mode_t (DarwinOverlay.swift).
#ifndef PLAYTIME_DARWIN_STAT_H
#define PLAYTIME_DARWIN_STAT_H
#include "darwin_types.h"
#include "darwin_time.h"

struct stat {                                 // stat(2), "struct stat" (64-bit inode form)
    dev_t st_dev;
    mode_t st_mode;
    nlink_t st_nlink;
    ino_t st_ino;
    uid_t st_uid;
    gid_t st_gid;
    dev_t st_rdev;
    struct timespec st_atimespec;
    struct timespec st_mtimespec;
    struct timespec st_ctimespec;
    struct timespec st_birthtimespec;
    off_t st_size;
    blkcnt_t st_blocks;
    blksize_t st_blksize;
    uint32_t st_flags;
    uint32_t st_gen;
    int32_t st_lspare;
    int64_t st_qspare[2];
};

int stat(const char *path, struct stat *buf);                       // stat(2)
int lstat(const char *path, struct stat *buf);                      // stat(2)
int fstat(int fildes, struct stat *buf);                            // stat(2)

#endif

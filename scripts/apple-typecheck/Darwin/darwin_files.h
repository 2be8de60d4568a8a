// File descriptors: open, read, write, sync, lock, rename, link, remove. Signatures from the man pages cited per
// line (Apple's man pages, also under Apple Developer Documentation "Kernel" > "System calls").
// open and fcntl are variadic in C, which Swift does not import: DarwinOverlay.swift declares the Swift
// forms the SDK overlay provides (open(_:_:), open(_:_:_:), fcntl(_:_:), fcntl(_:_:_:)).
#ifndef PLAYTIME_DARWIN_FILES_H
#define PLAYTIME_DARWIN_FILES_H
#include "darwin_types.h"

int open(const char *path, int oflag, ...);                         // open(2)
int close(int fildes);                                              // close(2)
ssize_t read(int fildes, void *buf, size_t nbyte);                  // read(2)
ssize_t write(int fildes, const void *buf, size_t nbyte);           // write(2)
int fsync(int fildes);                                              // fsync(2)
int ftruncate(int fildes, off_t length);                            // ftruncate(2)
off_t lseek(int fildes, off_t offset, int whence);                  // lseek(2)
int flock(int fd, int operation);                                   // flock(2)
int rename(const char *old, const char *new_);                      // rename(2)
int unlink(const char *path);                                       // unlink(2)
int link(const char *path1, const char *path2);                     // link(2)
int access(const char *path, int mode);                             // access(2)
int fchmod(int fildes, mode_t mode);                                // chmod(2)
int mkdir(const char *path, mode_t mode);                           // mkdir(2)
int isatty(int fildes);                                             // isatty(3)
void exit(int status) __attribute__((noreturn));                    // exit(3)
int fcntl(int fildes, int cmd, ...);                                // fcntl(2)

#define O_RDONLY 0x0000                       // open(2), fcntl.h
#define O_WRONLY 0x0001                       // open(2)
#define O_RDWR 0x0002                         // open(2)
#define O_NONBLOCK 0x00000004                 // open(2)
#define O_APPEND 0x00000008                   // open(2)
#define O_NOFOLLOW 0x00000100                 // open(2)
#define O_CREAT 0x00000200                    // open(2)
#define O_EXCL 0x00000800                     // open(2)
#define O_NOCTTY 0x00020000                   // open(2)
#define O_DIRECTORY 0x00100000                // open(2)
#define O_CLOEXEC 0x01000000                  // open(2)

#define F_SETFD 2                             // fcntl(2)
#define F_GETFL 3                             // fcntl(2)
#define F_SETFL 4                             // fcntl(2)
#define FD_CLOEXEC 1                          // fcntl(2)

#define LOCK_EX 0x02                          // flock(2)
#define LOCK_NB 0x04                          // flock(2)
#define LOCK_UN 0x08                          // flock(2)

#define SEEK_SET 0                            // lseek(2)
#define W_OK (1 << 1)                         // access(2)

#endif

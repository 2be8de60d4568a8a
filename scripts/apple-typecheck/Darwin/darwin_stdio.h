// Standard streams and signals (stdio.h, signal.h). Darwin's stdin/stdout/stderr are the variables
// __stdinp/__stdoutp/__stderrp behind macros; the SDK's Swift overlay gives Swift computed stdout/stderr
// (DarwinOverlay.swift), and SIG_IGN as a sig_t. FILE is a complete struct in Darwin's stdio.h, so Swift
// sees UnsafeMutablePointer<FILE> (not OpaquePointer); its fields are not used here and are left out.
#ifndef PLAYTIME_DARWIN_STDIO_H
#define PLAYTIME_DARWIN_STDIO_H
#include "darwin_types.h"

typedef struct __sFILE {                      // stdio(3): FILE (complete in the SDK; one stand-in field here)
    int _file;
} FILE;

extern FILE *__stdoutp;                       // stdio(3): stdout
extern FILE *__stderrp;                       // stdio(3): stderr

#define _IOLBF 1                              // setbuf(3)

int setvbuf(FILE *stream, char *buf, int mode, size_t size);                     // setbuf(3)
int fputs(const char *s, FILE *stream);                                          // fputs(3)
int fflush(FILE *stream);                                                        // fflush(3)

typedef void (*sig_t)(int);                   // signal(3): "typedef void (*sig_t) (int);"
#define SIGPIPE 13                            // signal(3)
void (*signal(int sig, void (*func)(int)))(int);                                 // signal(3)

#endif

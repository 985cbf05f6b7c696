#!/usr/bin/env node
// Splits a server's sampled CPU time by what it was doing, from `perf script -F comm,ip,sym,dso`
// of a `perf record -g` profile (the kernel part of every stack is complete whatever the
// program): sending on sockets, receiving, durable writes, waiting and waking, other kernel
// work, and the program's own user-space code. A sample belongs to the first category whose
// system call its stack passes through; samples in the kernel outside them are "other kernel
// work", the rest user space. Used by bench/run.sh for Tabuleiro and the relay alike.
//
//   perf script -i perf.data -F comm,ip,sym,dso | node bench/load/cpu_split.cjs > split.json
//
// Prints {"samples": N, "shares": {category: fraction of samples}}.
'use strict';

const fs = require('fs');

// Categories and the kernel entry points that mark them (first match wins).
const categories = [
  [
    'sending on sockets (sendmsg, writev, write)',
    /^(__sys_sendmsg|__x64_sys_sendmsg|__x64_sys_sendto|__sys_sendto|do_writev|__x64_sys_writev|ksys_write|__x64_sys_write)$/,
  ],
  [
    'receiving from sockets (recvmsg, read)',
    /^(__sys_recvmsg|__x64_sys_recvmsg|__x64_sys_recvfrom|__sys_recvfrom|ksys_read|__x64_sys_read|do_readv|__x64_sys_readv)$/,
  ],
  [
    'durable writes (pwrite, fdatasync)',
    /^(ksys_pwrite64|__x64_sys_pwrite64|__x64_sys_fdatasync|__x64_sys_fsync|do_fsync)$/,
  ],
  [
    'waiting and waking (epoll, futex, eventfd)',
    /^(__x64_sys_epoll_wait|__x64_sys_epoll_pwait|__x64_sys_epoll_ctl|__x64_sys_futex|do_epoll_wait|do_futex)$/,
  ],
];
const otherKernel = 'other kernel work (scheduling, interrupts, other calls)';
const userSpace = 'user space (the program and its libraries)';

// Counts one sample's stack: frames as {sym, kernel}, leaf first.
function classify(frames) {
  for (const [name, re] of categories) if (frames.some((f) => f.kernel && re.test(f.sym))) return name;
  return frames.length && frames[0].kernel ? otherKernel : userSpace;
}

const counts = new Map([...categories.map(([n]) => [n, 0]), [otherKernel, 0], [userSpace, 0]]);
let samples = 0;
let frames = null;
const flush = () => {
  if (frames) {
    const c = classify(frames);
    counts.set(c, counts.get(c) + 1);
    ++samples;
  }
  frames = null;
};
for (const line of fs.readFileSync(0, 'utf8').split('\n')) {
  if (!line.trim()) {
    flush();
    continue;
  }
  if (!/^\s/.test(line)) {
    flush();
    frames = [];
    continue;
  } // a sample's header (comm)
  // "    ffffffff8a2b3c4d __sys_sendmsg+0x5d ([kernel.kallsyms])"
  const m = /^\s*[0-9a-f]+\s+(.*?)\s+\(([^)]*)\)\s*$/.exec(line);
  if (!m || !frames) continue;
  frames.push({ sym: m[1].replace(/\+0x[0-9a-f]+$/, ''), kernel: m[2].includes('kernel') });
}
flush();
const shares = Object.fromEntries([...counts].map(([k, v]) => [k, samples ? v / samples : 0]));
process.stdout.write(JSON.stringify({ samples, shares }) + '\n');

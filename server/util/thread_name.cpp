// name_this_thread (see thread_name.h): pthread_setname_np on Linux.
#include "server/util/thread_name.h"

#include <pthread.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace tabuleiro::server {

void name_this_thread(const char* name) {
  const std::string cut(name, std::min<std::size_t>(std::strlen(name), 15));  // the kernel's limit
  pthread_setname_np(pthread_self(), cut.c_str());
}

}  // namespace tabuleiro::server

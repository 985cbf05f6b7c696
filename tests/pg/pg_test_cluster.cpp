// `pg_test_cluster start DIR` starts a throw-away PostgreSQL cluster in DIR and leaves it
// running; `pg_test_cluster stop DIR` stops and removes it. The CTest fixture of the tests
// that share one cluster (TABULEIRO_TEST_PG_DIR=DIR).
#include <iostream>
#include <string>

#include "pg_cluster.h"

int main(int argc, char** argv) {
  const std::string verb = argc == 3 ? argv[1] : "";
  try {
    if (verb == "start") {
      tabuleiro::test::pg_cluster cluster(argv[2]);
      cluster.keep(true);
      std::cout << "PostgreSQL test cluster at " << cluster.url("postgres") << "\n";
      return 0;
    }
    if (verb == "stop") {
      tabuleiro::test::pg_cluster::adopt(argv[2])->keep(false);  // the destructor stops and removes it
      return 0;
    }
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  std::cerr << "usage: pg_test_cluster start|stop DIR\n";
  return 2;
}

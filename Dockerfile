# Tabuleiro match server image.
#   docker build -t tabuleiro --build-arg TABULEIRO_COMMIT=$(git rev-parse --short=12 HEAD) .
#   docker run -d --name tabuleiro -p 8080:8080 -v tabuleiro-data:/data tabuleiro
# Configuration: TABULEIRO_* environment variables (see deploy/README.md).

# --- build: the project's own setup script and build -------------------------------------
FROM debian:bookworm AS build
WORKDIR /src
# Packages first, so this layer is reused while scripts/setup.sh is unchanged.
COPY scripts/setup.sh scripts/setup.sh
RUN bash scripts/setup.sh && rm -rf /var/lib/apt/lists/*
COPY . .
# The commit /metrics names (tabuleiro_build_info{commit}); the context holds no .git.
ARG TABULEIRO_COMMIT=unknown
# TABULEIRO_SERVER says where the server binary comes from. "source" (the default) compiles it
# here: only the server (and the browser's engine), no tests, benchmarks or load tool, at -O2 as
# the build the benchmarks measure (RelWithDebInfo's level; -O3 compiles longer for no gain
# measured there); the compiler cache lives in a build cache mount, so a rebuild after a change
# compiles only what the change touched (nothing of it enters the image). "prebuilt" takes a
# binary already built from these sources and tested, from the context's prebuilt/ (tabuleiro,
# and web/ as scripts/build.sh leaves it): the CI's image test (deploy/test-image.sh) packages
# the very binary its suite has just tested. Either way scripts/image-contents.sh lays out /out
# and lists the Debian packages of the shared libraries the binary loads: the runtime stage
# installs exactly those.
ARG TABULEIRO_SERVER=source
RUN --mount=type=cache,target=/ccache \
    case "$TABULEIRO_SERVER" in \
      source) \
        export CCACHE_DIR=/ccache CCACHE_BASEDIR=/src CCACHE_NOHASHDIR=true \
        && BUILD_DIR=/build BUILD_TARGETS=tabuleiro bash scripts/build.sh -DCMAKE_BUILD_TYPE=Release \
             -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" -DTABULEIRO_TESTS=OFF -DTABULEIRO_COMMIT="$TABULEIRO_COMMIT" \
        && bash scripts/image-contents.sh /build/tabuleiro web ;; \
      prebuilt) bash scripts/image-contents.sh prebuilt/tabuleiro prebuilt/web ;; \
      *) echo "TABULEIRO_SERVER is source or prebuilt, not '$TABULEIRO_SERVER'" >&2; exit 1 ;; \
    esac

# --- runtime: bookworm-slim with only the runtime libraries, the binary and web/ ----------
FROM debian:bookworm-slim
LABEL org.opencontainers.image.title="Tabuleiro" \
      org.opencontainers.image.description="Authoritative multiplayer server for turn-based board games (TAIXU, Cyvasse, QU4DRI)"
COPY --from=build /pkgs/runtime-packages /tmp/runtime-packages
RUN apt-get update \
 && xargs -a /tmp/runtime-packages apt-get install -y --no-install-recommends \
 && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages \
 && groupadd --gid 10001 tabuleiro \
 && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /data --shell /usr/sbin/nologin tabuleiro \
 && mkdir -p /data && chown tabuleiro:tabuleiro /data && chmod 0750 /data
COPY --from=build /out/ /
RUN ! ldd /usr/local/bin/tabuleiro | grep 'not found' && tabuleiro --version

ENV TABULEIRO_BIND=0.0.0.0 \
    TABULEIRO_PORT=8080 \
    TABULEIRO_DB=/data/tabuleiro.db \
    TABULEIRO_WEB=/usr/share/tabuleiro/web
USER tabuleiro
WORKDIR /data
VOLUME /data
EXPOSE 8080
# Healthy means ready: the process answers and its database takes writes (/readyz).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["tabuleiro", "healthcheck", "--ready"]
# SIGTERM: the server stops accepting, flushes the database and closes sockets (1001).
STOPSIGNAL SIGTERM
ENTRYPOINT ["tabuleiro", "serve"]

#!/usr/bin/env bash
# Makes the debian:bookworm and debian:bookworm-slim base images in buildah's local storage
# from Debian's own packages (debootstrap --variant=minbase), for machines that cannot pull
# them from a registry. Does nothing for an image that is already present.
# The Debian mirror is the one this machine's apt sources already name. Run as root.
set -euo pipefail

log() { echo "base-images: $*" >&2; }

# Prints the first URI of an enabled Debian source for suite $1 (deb822 and one-line formats).
mirror_for_suite() {
  local suite=$1 f
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f "$f" ]] || continue
    # deb822: blank-line separated stanzas of "Field: value" lines.
    awk -v suite="$suite" '
      function flush() {
        if (types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " suite " ") && enabled != "no" && uris != "")
          { split(uris, u, " "); print u[1]; found = 1; exit }
        types = ""; suites = ""; uris = ""; enabled = ""
      }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      { key = tolower($1); $1 = ""; sub(/^ +/, "") }
      key == "types:" { types = $0 } key == "suites:" { suites = $0 }
      key == "uris:" { uris = $0 } key == "enabled:" { enabled = tolower($0) }
      END { if (!found) flush() }' "$f"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -f "$f" ]] || continue
    # one-line: deb [options] URI suite components...
    sed -E 's/\[[^]]*\]//' "$f" | awk -v suite="$suite" '$1 == "deb" && $3 == suite { print $2 }'
  done
}

first_line() { head -n1; }

image_exists() { buildah inspect --type image "$1" >/dev/null 2>&1; }

# Copies rootfs $1 into a new image named $2.
import_rootfs() {
  local rootfs=$1 name=$2 ctr mnt
  ctr=$(buildah from --pull=never scratch)
  mnt=$(buildah mount "$ctr")
  tar -C "$rootfs" -cf - . | tar -C "$mnt" -xpf -
  buildah umount "$ctr" >/dev/null
  buildah config --cmd '["bash"]' \
    --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --os linux --arch "$(dpkg --print-architecture)" \
    --label org.opencontainers.image.description="Debian 12 ${name#*:} (debootstrap --variant=minbase)" \
    "$ctr"
  buildah commit --quiet --rm "$ctr" "$name" >/dev/null
  log "imported $name"
}

main() {
  local need=()
  image_exists debian:bookworm || need+=(debian:bookworm)
  image_exists debian:bookworm-slim || need+=(debian:bookworm-slim)
  if ((${#need[@]} == 0)); then
    log "debian:bookworm and debian:bookworm-slim already present"
    return 0
  fi

  local mirror security
  mirror=$(mirror_for_suite bookworm | first_line)
  security=$(mirror_for_suite bookworm-security | first_line)
  if [[ -z "$mirror" ]]; then
    log "no apt source for suite 'bookworm' found in /etc/apt/sources.list{,.d}"
    return 1
  fi
  log "mirror $mirror${security:+, security $security}"

  local work
  work=$(mktemp -d /var/tmp/tabuleiro-base.XXXXXX)
  # shellcheck disable=SC2064
  trap "rm -rf '$work'" RETURN
  local rootfs=$work/rootfs
  debootstrap --variant=minbase --components=main bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -n 30 "$work/debootstrap.log" >&2; return 1; }

  # The same apt sources as Debian's official images, on this machine's mirror.
  rm -f "$rootfs/etc/apt/sources.list"
  {
    printf 'Types: deb\nURIs: %s\nSuites: bookworm bookworm-updates\nComponents: main\n' "$mirror"
    printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    if [[ -n "$security" ]]; then
      printf '\nTypes: deb\nURIs: %s\nSuites: bookworm-security\nComponents: main\n' "$security"
      printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    fi
  } >"$rootfs/etc/apt/sources.list.d/debian.sources"
  # A mirror that serves a dated snapshot needs the same validity settings as on this machine.
  if apt-config dump | grep -q '^Acquire::Check-Valid-Until "false"'; then
    echo 'Acquire::Check-Valid-Until "false";' >"$rootfs/etc/apt/apt.conf.d/10mirror-snapshot"
  fi
  # As in Debian's images: no package caches or index files left in layers.
  cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache ""; Dir::Cache::srcpkgcache "";
EOF
  echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*.log
  : >"$rootfs/etc/hostname"
  rm -f "$rootfs/etc/resolv.conf"

  if ! image_exists debian:bookworm; then import_rootfs "$rootfs" debian:bookworm; fi
  if ! image_exists debian:bookworm-slim; then
    # slim, as Debian's: no documentation, man pages or translations, now or later.
    cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/groff/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
EOF
    find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
    rm -rf "$rootfs"/usr/share/{man,info,groff,lintian,linda}/*
    find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
    import_rootfs "$rootfs" debian:bookworm-slim
  fi
}

main "$@"

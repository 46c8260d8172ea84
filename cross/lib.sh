# Shared by cross/setup, cross/build, cross/deploy and Tests/QEMU/run-aarch64 (sourced, not run).
# Where things live (all under cross/.cache, which git ignores):
#   tools/                 debootstrap and qemu-user-static, unpacked from the host's Debian packages
#   trixie-amd64/          a Debian trixie chroot with swiftlang 6.0.3 (the compiler) and qemu-system-arm
#   apt-<arch>/            a private apt configuration for the target architecture (leaves the host's apt alone)
#   sdk/scanout-<arch>.artifactbundle/   the Swift SDK; its sysroot is <triple>/sysroot inside it
#   guest-<arch>/          the aarch64 guest's packages (kernel, busybox, udev, libinput-bin), unpacked
# The repository is bind-mounted at /project inside the chroot, in a private mount namespace (unshare), so
# nothing stays mounted when a script ends, however it ends.

cross_repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cross_cache="$cross_repo/cross/.cache"
cross_root="$cross_cache/trixie-amd64"
cross_release="${CROSS_DEBIAN_RELEASE:-trixie}"

cross_log() { echo "cross: $*" >&2; }
cross_die() { echo "cross: error: $*" >&2; exit 1; }

# The Debian mirror, read from this machine's apt configuration at run time (never written into the repo).
cross_mirror() {
  local m="${DEBIAN_MIRROR:-}"
  [ -n "$m" ] || m="$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)"
  [ -n "$m" ] || m="$(awk '$1=="deb" && $0 !~ /security/ {for (i=2;i<=NF;i++) if ($i ~ /^[a-z]+:\/\//) {print $i; exit}}' \
                      /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true)"
  [ -n "$m" ] || cross_die "no Debian mirror in /etc/apt (sources.list or sources.list.d/debian.sources); set DEBIAN_MIRROR"
  echo "$m"
}

# Board profile -> target triple: the value after '=' on the `triple` line (boards.md), comments stripped.
cross_board_triple() {
  local file="$cross_repo/boards/$1.board"
  [ -f "$file" ] || cross_die "no board profile '$1' (looked for $file); boards: $(cd "$cross_repo/boards" 2>/dev/null && ls *.board 2>/dev/null | sed 's/\.board$//' | tr '\n' ' ')"
  local t
  t="$(sed -n 's/#.*//; s/^[[:space:]]*triple[[:space:]]*=[[:space:]]*\([^[:space:]]*\).*/\1/p' "$file" | tail -n 1)"
  [ -n "$t" ] || cross_die "$file has no 'triple = ...' line (e.g. triple = aarch64-unknown-linux-gnu)"
  echo "$t"
}

# Triple -> Debian architecture, multiarch folder and the SDK's name.
cross_arch_of() {
  case "$1" in
    aarch64-*-linux-gnu) echo arm64 ;;
    armv7-*-linux-gnueabihf|arm-*-linux-gnueabihf) echo armhf ;;
    *) cross_die "unsupported target triple '$1' (supported: aarch64-unknown-linux-gnu; armv7-unknown-linux-gnueabihf is known but Debian has no Swift for armhf)" ;;
  esac
}
cross_multiarch_of() { case "$1" in arm64) echo aarch64-linux-gnu ;; armhf) echo arm-linux-gnueabihf ;; esac; }
cross_sdk_name() { echo "scanout-$1"; }                       # by Debian arch
cross_bundle() { echo "$cross_cache/sdk/scanout-$1.artifactbundle"; }
cross_sysroot() { echo "$(cross_bundle "$1")/$2/sysroot"; }   # arch, triple

# Runs a command (a bash script string) inside the chroot as root, with /proc, /dev and the repository
# (at /project) mounted in a private mount namespace. Extra mounts: CROSS_EXTRA_BINDS="host:guest ...".
cross_chroot() {
  # The mount script is an argument (not stdin), so the command inside keeps the caller's stdin.
  unshare --mount --propagation private /bin/bash -c '
set -e
root="$1" repo="$2" script="$3"
mkdir -p "$root/proc" "$root/dev" "$root/project"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind "$repo" "$root/project"
for b in ${CROSS_EXTRA_BINDS:-}; do mkdir -p "$root/${b#*:}"; mount --bind "${b%%:*}" "$root/${b#*:}"; done
exec chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin:/usr/sbin:/sbin LANG=C.UTF-8 \
  ${CROSS_ENV:-} /bin/bash -c "$script"' cross-chroot "$cross_root" "$cross_repo" "$1"
}

# A path under the repository as the chroot sees it.
cross_in_chroot() { echo "/project${1#"$cross_repo"}"; }

# apt-get on the private configuration for a target architecture (inside the chroot, which has trixie's keys).
cross_apt() { # arch, apt-get arguments...
  local arch="$1"; shift
  local dir; dir="$(cross_in_chroot "$cross_cache/apt-$arch")"
  cross_chroot "apt-get -q -o Dir::Etc::SourceList=$dir/sources.list -o Dir::Etc::SourceParts=$dir/sources.list.d \
    -o Dir::State=$dir/state -o Dir::State::status=$dir/state/status -o Dir::Cache=$dir/cache \
    -o APT::Architecture=$arch -o APT::Architectures=$arch -o APT::Install-Recommends=false \
    -o Debug::NoLocking=1 $*"
}

#!/usr/bin/env bash
# Re-vendors the third-party widget libraries used by the swipe-chrome test pages
# (swipe-chrome/src/test/resources/widgets/pages/*.html).
#
# Each package is fetched with the ordinary npm client (`npm pack <pkg>@<version>`),
# its tarball is checked against the sha256 pinned below, and only the files the
# pages load (plus the package's licence) are copied into
#   swipe-chrome/src/test/resources/widgets/vendor/<name>-<version>/
# keeping the package's own relative layout (dist/..., css/...).
#
# To move to a new version: change the version below, run this script once with
# WIDGETS_PIN_UPDATE=1 (it prints the new sha256 instead of failing), review the
# diff, pin the printed sha256 here, update the pages' ../vendor/... paths and
# vendor/README.md, and check the pages render (see widgets/README.md).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
vendor="$here/../src/test/resources/widgets/vendor"

# name (directory prefix) | npm spec | sha256 of the registry tarball
ionic_dir=ionic-core;  ionic_spec=@ionic/core@9.0.5; ionic_sha=0648a2e5f5daa3111779f20b6584e5fd906316a141405a7741e76c7b0f5b2f05
swiper_dir=swiper;     swiper_spec=swiper@14.4.0;    swiper_sha=70828637fd47a251076ca00f1d5fd9bf0b53944107f559ce9b66aa50b9011fe2
leaflet_dir=leaflet;   leaflet_spec=leaflet@1.9.4;   leaflet_sha=84c65a256e50657896f54c33bd857b6849ebe94c817803be818bf32a3dde0b77

command -v npm >/dev/null || { echo "refresh-widgets: npm is required" >&2; exit 1; }
command -v sha256sum >/dev/null || { echo "refresh-widgets: sha256sum is required" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# fetch SPEC SHA -> prints the path of the unpacked package directory
fetch() {
  local spec="$1" want="$2" tgz got dir
  tgz="$(cd "$tmp" && npm pack --silent --ignore-scripts "$spec" | tail -n 1)"
  got="$(sha256sum "$tmp/$tgz" | cut -d' ' -f1)"
  if [[ "$got" != "$want" ]]; then
    if [[ "${WIDGETS_PIN_UPDATE:-}" == 1 ]]; then
      echo "refresh-widgets: $spec sha256 is $got (pinned: $want) -- pin it in $0" >&2
      touch "$tmp/pin-mismatch"
    else
      echo "refresh-widgets: $spec sha256 mismatch: got $got, pinned $want" >&2
      exit 1
    fi
  fi
  dir="$tmp/unpacked-${tgz%.tgz}"
  mkdir -p "$dir"
  tar -xzf "$tmp/$tgz" -C "$dir"
  echo "$dir/package"
}

# version of an unpacked package
version_of() { node -p "require('$1/package.json').version" 2>/dev/null || sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$1/package.json" | head -n 1; }

# fresh DEST for a package; old versions of the same package are removed
fresh_dest() {
  local prefix="$1" version="$2" d
  for d in "$vendor/$prefix"-[0-9]*; do
    if [[ -d "$d" ]]; then rm -rf "$d"; fi
  done
  mkdir -p "$vendor/$prefix-$version"
  echo "$vendor/$prefix-$version"
}

mkdir -p "$vendor"

# Fetch and verify everything before touching the vendor directory.
ionic_pkg="$(fetch "$ionic_spec" "$ionic_sha")"
swiper_pkg="$(fetch "$swiper_spec" "$swiper_sha")"
leaflet_pkg="$(fetch "$leaflet_spec" "$leaflet_sha")"

# --- @ionic/core: the lazy-loading ESM build (entry + every chunk it may import) and the CSS bundle.
#     dist/ionic/svg (the ionicons set, ~5 MB) is left out: the pages use no <ion-icon name=...>,
#     and the icons that picker/datetime draw are inlined in the JS chunks.
pkg="$ionic_pkg"
ver="$(version_of "$pkg")"
dest="$(fresh_dest "$ionic_dir" "$ver")"
mkdir -p "$dest/dist/ionic" "$dest/css"
find "$pkg/dist/ionic" -maxdepth 1 -type f -name '*.js' -exec cp {} "$dest/dist/ionic/" \;
cp "$pkg/css/ionic.bundle.css" "$dest/css/"
cp "$pkg/LICENSE" "$dest/LICENSE"

# --- swiper: the classic (non-module) bundle, which defines window.Swiper, and its CSS.
pkg="$swiper_pkg"
ver="$(version_of "$pkg")"
dest="$(fresh_dest "$swiper_dir" "$ver")"
cp "$pkg/swiper-bundle.min.js" "$pkg/swiper-bundle.min.css" "$dest/"
cp "$pkg/LICENSE" "$dest/LICENSE"

# --- leaflet: the minified UMD build, its CSS and the images the CSS refers to.
pkg="$leaflet_pkg"
ver="$(version_of "$pkg")"
dest="$(fresh_dest "$leaflet_dir" "$ver")"
mkdir -p "$dest/dist/images"
cp "$pkg/dist/leaflet.js" "$pkg/dist/leaflet.css" "$dest/dist/"
cp "$pkg/dist/images/"*.png "$dest/dist/images/"
cp "$pkg/LICENSE" "$dest/LICENSE"

echo "refresh-widgets: vendored into $vendor"
( cd "$vendor" && du -sh -- */ )
if [[ -e "$tmp/pin-mismatch" ]]; then
  echo "refresh-widgets: some sha256 differ from the pins (see above); pin them before committing" >&2
  exit 1
fi

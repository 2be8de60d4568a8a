# Sourced by the fuzz scripts whose modules import PlaytimeCrypto: builds its C target, CPlaytimeSHA, the way SwiftPM
# does (every .c of Sources/CPlaytimeSHA, a module map over its include/ header) into "$build", with the fuzz run's
# address sanitizer and coverage. Afterwards "$build/CPlaytimeSHA" holds the module map (found through -I "$build/
# CPlaytimeSHA") and c_sha_objects lists the objects to link.
build_c_sha() {
  local source="$root/Sources/CPlaytimeSHA" target="$build/CPlaytimeSHA" file
  mkdir -p "$target"
  printf 'module CPlaytimeSHA {\n    umbrella header "%s"\n    export *\n}\n' "$source/include/CPlaytimeSHA.h" >"$target/module.modulemap"
  c_sha_objects=()
  for file in "$source"/*.c; do
    clang -O1 -g -fsanitize=address,fuzzer-no-link -I "$source/include" -c "$file" -o "$target/$(basename "$file" .c).o"
    c_sha_objects+=("$target/$(basename "$file" .c).o")
  done
}

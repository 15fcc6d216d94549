/** The value of `key` in `map`, created by `make` and stored on first access. */
export function getOrSet<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

'use strict';
/**
 * A deep clone with the API of the `clone` package (default export; prototypes, Dates, RegExps,
 * Maps, Sets and circular references kept), for json-rules-engine: it copies every rule's
 * conditions on every run, and the general-purpose `clone` spends most of a decision's time
 * there. This one walks own enumerable properties only, which is all a condition tree has.
 */
function clone(parent, circular, depth, prototype) {
  if (typeof circular === 'object' && circular !== null) {
    depth = circular.depth;
    prototype = circular.prototype;
    circular = circular.circular;
  }
  if (circular === undefined) circular = true;
  if (depth === undefined) depth = Infinity;
  var seen = circular ? new Map() : null;

  function copy(value, level) {
    if (value === null || typeof value !== 'object' || level === 0) return value;
    if (seen) {
      var known = seen.get(value);
      if (known !== undefined) return known;
    }
    var out;
    if (Array.isArray(value)) {
      out = new Array(value.length);
      if (seen) seen.set(value, out);
      for (var i = 0; i < value.length; i++) out[i] = copy(value[i], level - 1);
      return out;
    }
    if (value instanceof Date) return new Date(value.getTime());
    if (value instanceof RegExp) {
      out = new RegExp(value.source, value.flags);
      out.lastIndex = value.lastIndex;
      return out;
    }
    if (value instanceof Map) {
      out = new Map();
      if (seen) seen.set(value, out);
      value.forEach(function (v, k) { out.set(copy(k, level - 1), copy(v, level - 1)); });
      return out;
    }
    if (value instanceof Set) {
      out = new Set();
      if (seen) seen.set(value, out);
      value.forEach(function (v) { out.add(copy(v, level - 1)); });
      return out;
    }
    if (typeof Buffer !== 'undefined' && Buffer.isBuffer(value)) return Buffer.from(value);
    if (typeof Promise !== 'undefined' && value instanceof Promise) return value;
    out = Object.create(prototype === undefined ? Object.getPrototypeOf(value) : prototype);
    if (seen) seen.set(value, out);
    var keys = Object.keys(value);
    for (var j = 0; j < keys.length; j++) out[keys[j]] = copy(value[keys[j]], level - 1);
    return out;
  }
  return copy(parent, depth);
}

clone.clonePrototype = function clonePrototype(parent) {
  if (parent === null) return null;
  function C() {}
  C.prototype = parent;
  return new C();
};

module.exports = clone;

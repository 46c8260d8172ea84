/// ScanoutGraph owns the attribute graph: attributes with a cached value and a rule, dependency edges
/// discovered when a rule reads another attribute, dirty propagation along those edges (the cone), lazy pull
/// with equality cutoff, invalidation callbacks for the scheduler, and cycle detection. It knows nothing about
/// views or pixels.
///
/// The algorithm is push-dirty / pull-verify: a change marks every attribute downstream as possibly dirty
/// (cost: the cone); reading an attribute first brings its inputs up to date and re-runs its rule only if an
/// input's value really changed since the last run. A recomputed value equal to the old one does not count
/// as a change, so it stops the propagation for everything below it.
public enum ScanoutGraphInfo {}

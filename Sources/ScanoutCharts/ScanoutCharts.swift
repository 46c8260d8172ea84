/// ScanoutCharts: Swift Charts' subset for dashboards (what `import Charts` gives an app on Apple's systems).
/// It owns chart content (marks and their builder), the scales that map data to the plot, and the `Chart` view
/// that lays out axes and legend and draws the marks in a `Canvas`. It is built on ScanoutUI's public API only
/// (views, `Layout`, `Canvas`, the environment), as an app's own module would be: nothing below it knows charts.
import ScanoutUI

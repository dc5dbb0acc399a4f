import LayoutKernelCore
import LayoutKernelEngine

// The model types of the Swift API. They are the core's own types, so a value passes
// from the API to the kernels without conversion.

/// A layout of any kind: flow, stacks, grid, balanced stack, circle (SwiftUI's
/// `AnyLayout`). Lay items out with `layout(widths:heights:proposal:)`.
public typealias AnyLayout = LayoutKernelCore.AnyLayout
/// The proposal a container is laid out for: each axis a length `>= 0`, `.infinity`,
/// or nil (unspecified, SwiftUI's nil).
public typealias Proposal = LayoutKernelCore.Proposal
/// A width and a height.
public typealias Size = LayoutKernelCore.Size
/// A rectangle: its top-left corner and its size (a flow's overflow item's frame).
public typealias Rect = LayoutKernelCore.Rect
/// An anchor `(x, y)`, each component in `[0, 1]`: `.topLeading`, `.center`, ...
public typealias Anchor = LayoutKernelCore.Anchor
/// A gap between items: `.fixed(points)`, or `.perItem` (the items' spacing preferences).
public typealias Spacing = LayoutKernelCore.Spacing
/// A flow's parameters: spacing, line spacing, alignment and CSS flexbox's features.
public typealias FlowParameters = LayoutKernelCore.FlowParameters
/// How a flow breaks its items into lines: `.wrap`, `.nowrap` or `.balance`.
public typealias Wrap = LayoutKernelCore.Wrap
/// How free space is shared (CSS `justify-content` / `align-content`).
public typealias Distribution = LayoutKernelCore.Distribution
/// A flow's writing direction, `.ltr` or `.rtl`.
public typealias Direction = LayoutKernelCore.Direction
/// An axis, or both: `.horizontal`, `.vertical`, `.both`.
public typealias Axes = LayoutKernelCore.Axes
/// The parameters of an HStack, VStack or ZStack.
public typealias StackParameters = LayoutKernelCore.StackParameters
/// A grid's parameters: columns, sizing, spacings, alignment.
public typealias GridParameters = LayoutKernelCore.GridParameters
/// A grid's columns: `.count(n)` or `.adaptive(minimumWidth:)`.
public typealias GridColumns = LayoutKernelCore.GridColumns
/// A grid's column sizing: `.fit` or `.fill`.
public typealias GridSizing = LayoutKernelCore.GridSizing
/// A balanced stack's parameters: axis and spacing.
public typealias BalancedParameters = LayoutKernelCore.BalancedParameters
/// A circle's parameters: radius, start angle, anchor.
public typealias CircleParameters = LayoutKernelCore.CircleParameters
/// One row of a row-based layout: first item, item count, top (`Double`), width, height.
public typealias Row = LayoutKernelCore.Row
/// Items in Swift arrays: sizes, and optionally spacing preferences, flags (`ItemFlag`),
/// grow factors and a flow's item rules (`ItemRuleList`). Laid out without a copy.
public typealias ItemList = LayoutKernelCore.ItemList
/// A flow's per-item rules (SPEC.md §13): `alignSelf`, `baseline`, `lastBaseline`,
/// `stretchable`, `minWidth` ... `maxHeight`, `shrink`; each array optional.
public typealias ItemRuleList = LayoutKernelCore.ItemRuleList
/// How an item sits across its line (CSS `align-items` / `align-self`): `.start`,
/// `.center`, `.end`, `.stretch`, `.baseline`, `.lastBaseline`.
public typealias ItemAlignment = LayoutKernelCore.ItemAlignment
/// Per-item flag bits: `ItemFlag.breakBefore` starts a new row in a flow.
public typealias ItemFlag = LayoutKernelCore.ItemFlag
/// What an engine did lately: items packed, rows reused, cache hits, bytes held.
public typealias EngineStats = LayoutKernelEngine.EngineStats

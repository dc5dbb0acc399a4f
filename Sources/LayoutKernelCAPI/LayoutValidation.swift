import CLayoutKernel
import LayoutKernelCore
import LayoutKernelValidation

// Validation of lk_layout, the descriptor of a layout of any kind: only the parameters
// of the kind in use are read.

/// Validates a layout descriptor; `name` prefixes its fields in messages.
func validatedLayout(_ pointer: UnsafePointer<lk_layout>?, _ name: @autoclosure () -> String) throws(APIError) -> AnyLayout {
    let raw = try sized(pointer, name(), start: "lk_layout_default").pointee
    switch raw.kind {
    case LK_LAYOUT_FLOW:
        try checkStructSize(raw.flow.struct_size, of: lk_flow_params.self, "\(name()).flow",
                            start: "lk_flow_params_default")
        return .flow(try validatedFlowParameters(raw.flow, "\(name()).flow"))
    case LK_LAYOUT_HSTACK: return .hstack(try validatedStack(raw.stack, "\(name()).stack"))
    case LK_LAYOUT_VSTACK: return .vstack(try validatedStack(raw.stack, "\(name()).stack"))
    case LK_LAYOUT_ZSTACK: return .zstack(try validatedStack(raw.stack, "\(name()).stack"))
    case LK_LAYOUT_GRID: return .grid(try validatedGrid(raw.grid, "\(name()).grid"))
    case LK_LAYOUT_BALANCED: return .balanced(try validatedBalanced(raw.balanced, "\(name()).balanced"))
    case LK_LAYOUT_CIRCLE: return .circle(try validatedCircle(raw.circle, "\(name()).circle"))
    default: throw unknownKind(raw.kind, "\(name()).kind")
    }
}

func unknownKind(_ kind: Int32, _ name: @autoclosure () -> String) -> APIError {
    .parameter("\(name()) is \(kind) (must be one of LK_LAYOUT_*, 0 to 6)")
}

private func validatedStack(_ raw: lk_stack_params, _ name: @autoclosure () -> String) throws(APIError) -> StackParameters {
    StackParameters(spacing: try validatedSpacing(raw.spacing, mode: raw.spacing_mode, "\(name()).spacing"),
                    alignment: try validatedAnchor(raw.alignment, "\(name()).alignment"))
}

private func validatedGrid(_ raw: lk_grid_params, _ name: @autoclosure () -> String) throws(APIError) -> GridParameters {
    let columns: GridColumns
    switch raw.columns {
    case 0:
        columns = .adaptive(minimumWidth: try validatedMinimumColumnWidth(raw.min_column_width,
                                                                          "\(name()).min_column_width"))
    case 1...:
        columns = .count(Int(raw.columns))
    default:
        throw .parameter("\(name()).columns is \(raw.columns) (must be >= 1, or 0 for adaptive columns)")
    }
    let sizing: GridSizing
    switch raw.sizing {
    case LK_GRID_FIT: sizing = .fit
    case LK_GRID_FILL: sizing = .fill
    default: throw .parameter("\(name()).sizing is \(raw.sizing) (must be LK_GRID_FIT or LK_GRID_FILL)")
    }
    return GridParameters(columns: columns, sizing: sizing,
                          spacing: try validatedLength(raw.spacing, "\(name()).spacing"),
                          lineSpacing: try validatedLength(raw.line_spacing, "\(name()).line_spacing"),
                          alignment: try validatedAnchor(raw.alignment, "\(name()).alignment"))
}

private func validatedBalanced(_ raw: lk_balanced_params, _ name: @autoclosure () -> String) throws(APIError) -> BalancedParameters {
    let axis: Axes
    switch raw.axis {
    case LK_AXIS_HORIZONTAL: axis = .horizontal
    case LK_AXIS_VERTICAL: axis = .vertical
    default: throw .parameter("\(name()).axis is \(raw.axis) (must be LK_AXIS_HORIZONTAL or LK_AXIS_VERTICAL)")
    }
    return BalancedParameters(axis: axis,
                              spacing: try validatedSpacing(raw.spacing, mode: raw.spacing_mode, "\(name()).spacing"))
}

private func validatedCircle(_ raw: lk_circle_params, _ name: @autoclosure () -> String) throws(APIError) -> CircleParameters {
    let startAngle = try validatedAngle(raw.start_angle, "\(name()).start_angle")
    return CircleParameters(radius: try validatedLength(raw.radius, "\(name()).radius"),
                            startAngle: startAngle,
                            anchor: try validatedAnchor(raw.anchor, "\(name()).anchor"))
}

/// First-fit axes: horizontal, vertical or both.
func validatedAxes(_ axes: Int32) throws(APIError) -> Axes {
    guard (1...3).contains(axes) else {
        throw .parameter("axes is \(axes) (must be LK_AXIS_HORIZONTAL, LK_AXIS_VERTICAL or LK_AXES_BOTH)")
    }
    return Axes(rawValue: axes)
}

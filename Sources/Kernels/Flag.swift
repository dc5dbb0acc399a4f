/// A feature's presence as a type, so that a generic loop is specialised for it.
protocol Flag { static var on: Bool { get } }
enum Yes: Flag { static var on: Bool { true } }
enum No: Flag { static var on: Bool { false } }

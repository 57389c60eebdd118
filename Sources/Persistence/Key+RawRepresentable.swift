import FoundationEssentials

// Keys of collections and optionals of `RawRepresentable` values that are not `Codable`
// (`enum Theme: String { … }` used as `Key<[Theme]>`, `Key<Set<Theme>>` or `Key<Theme?>`), stored
// as their raw values: a JSON array of them, or the raw value itself (`nil` removes the key). The `& Codable` overloads
// exist only to settle which initializer a type that is both uses; they store the same bytes.

extension Key {
    /// A key for an array of `RawRepresentable` values, stored as a JSON array of their `String` raw values.
    public convenience init<Element>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value == [Element], Element: RawRepresentable, Element.RawValue == String {
        self.init(name: name, makeDefault: defaultValue, coder: .rawArray(name: name))
    }

    /// A key for an array of `RawRepresentable` values, stored as a JSON array of their `Int` raw values.
    public convenience init<Element>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value == [Element], Element: RawRepresentable, Element.RawValue == Int {
        self.init(name: name, makeDefault: defaultValue, coder: .rawArray(name: name))
    }

    /// A key for an array of `Codable` and `RawRepresentable` (by `String`) values: their raw values.
    public convenience init<Element>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value == [Element], Element: RawRepresentable & Codable, Element.RawValue == String {
        self.init(name: name, makeDefault: defaultValue, coder: .rawArray(name: name))
    }

    /// A key for an array of `Codable` and `RawRepresentable` (by `Int`) values: their raw values.
    public convenience init<Element>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value == [Element], Element: RawRepresentable & Codable, Element.RawValue == Int {
        self.init(name: name, makeDefault: defaultValue, coder: .rawArray(name: name))
    }

    /// A key for a set of `RawRepresentable` values, stored as a JSON array of their `String` raw values.
    public convenience init<Element>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value == Set<Element>, Element: RawRepresentable, Element.RawValue == String {
        self.init(name: name, makeDefault: defaultValue, coder: .rawSet(name: name))
    }

    /// A key for a set of `RawRepresentable` values, stored as a JSON array of their `Int` raw values.
    public convenience init<Element>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value == Set<Element>, Element: RawRepresentable, Element.RawValue == Int {
        self.init(name: name, makeDefault: defaultValue, coder: .rawSet(name: name))
    }

    /// A key for a set of `Codable` and `RawRepresentable` (by `String`) values: their raw values.
    public convenience init<Element>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value == Set<Element>, Element: RawRepresentable & Codable, Element.RawValue == String {
        self.init(name: name, makeDefault: defaultValue, coder: .rawSet(name: name))
    }

    /// A key for a set of `Codable` and `RawRepresentable` (by `Int`) values: their raw values.
    public convenience init<Element>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value)
    where Value == Set<Element>, Element: RawRepresentable & Codable, Element.RawValue == Int {
        self.init(name: name, makeDefault: defaultValue, coder: .rawSet(name: name))
    }

    /// A key for an optional `RawRepresentable` value stored as its `String` raw value; `nil` (the
    /// default unless another is given) removes the key.
    public convenience init<Wrapped>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value = nil)
    where Value == Wrapped?, Wrapped: RawRepresentable, Wrapped.RawValue == String {
        self.init(name: name, makeDefault: defaultValue, coder: .rawOptional(name: name))
    }

    /// A key for an optional `RawRepresentable` value stored as its `Int` raw value; `nil` removes the key.
    public convenience init<Wrapped>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value = nil)
    where Value == Wrapped?, Wrapped: RawRepresentable, Wrapped.RawValue == Int {
        self.init(name: name, makeDefault: defaultValue, coder: .rawOptional(name: name))
    }

    /// A key for an optional `Codable` and `RawRepresentable` (by `String`) value: its raw value.
    public convenience init<Wrapped>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value = nil)
    where Value == Wrapped?, Wrapped: RawRepresentable & Codable, Wrapped.RawValue == String {
        self.init(name: name, makeDefault: defaultValue, coder: .rawOptional(name: name))
    }

    /// A key for an optional `Codable` and `RawRepresentable` (by `Int`) value: its raw value.
    public convenience init<Wrapped>(_ name: String, default defaultValue: @autoclosure @escaping () -> Value = nil)
    where Value == Wrapped?, Wrapped: RawRepresentable & Codable, Wrapped.RawValue == Int {
        self.init(name: name, makeDefault: defaultValue, coder: .rawOptional(name: name))
    }
}

extension ValueCoder {
    static func rawArray<Element: RawRepresentable>(name: String) -> ValueCoder
    where Value == [Element], Element.RawValue: Codable {
        ValueCoder(
            encode: { try JSONCoders.encoder.encode($0.map(\.rawValue)) },
            decode: { data in
                try JSONCoders.decoder.decode([Element.RawValue].self, from: data).map { raw in
                    guard let element = Element(rawValue: raw) else {
                        throw CodingFailure(description: "\(Element.self)(rawValue:) rejected the stored \(raw)")
                    }
                    return element
                }
            })
    }

    static func rawSet<Element: RawRepresentable & Hashable>(name: String) -> ValueCoder
    where Value == Set<Element>, Element.RawValue: Codable {
        let array = ValueCoder<[Element]>.rawArray(name: name)
        return ValueCoder(encode: { try array.encode(Array($0)) }, decode: { Set(try array.decode($0)) })
    }

    static func rawOptional<Wrapped: RawRepresentable>(name: String) -> ValueCoder
    where Value == Wrapped?, Wrapped.RawValue: Codable {
        ValueCoder(
            encode: { value in try value.map { try JSONCoders.encoder.encode($0.rawValue) } },
            decode: { data in
                let raw = try JSONCoders.decoder.decode(Wrapped.RawValue.self, from: data)
                guard let value = Wrapped(rawValue: raw) else {
                    throw CodingFailure(description: "\(Wrapped.self)(rawValue:) rejected the stored \(raw)")
                }
                return value
            })
    }
}

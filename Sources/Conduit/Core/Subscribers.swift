/// A namespace for types that serve as subscribers.
public enum Subscribers {}

/// A namespace for types that serve as publishers.
public enum Publishers {}

/// A namespace for symbols related to subscriptions.
public enum Subscriptions {}

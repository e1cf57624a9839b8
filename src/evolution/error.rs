//! Why an evolutionary model cannot be built: each variant says what is
//! wrong and what is allowed. The scenario reader maps these onto the file,
//! line and field that caused them.

/// A mistake in the parameters of an evolutionary model.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EvolutionError {
    /// Fewer than two individuals.
    #[error("a population needs at least 2 individuals, got {0}")]
    PopulationTooSmall(usize),
    /// A probability outside [0, 1].
    #[error("{name} must be a probability between 0 and 1, got {value}")]
    NotAProbability {
        /// Which probability.
        name: &'static str,
        /// Value given.
        value: f64,
    },
    /// A graph node without neighbours.
    #[error(
        "node {node} of the {which} graph has no neighbours (every individual needs at least one)"
    )]
    IsolatedNode {
        /// Which graph (interaction or replacement).
        which: &'static str,
        /// The node.
        node: usize,
    },
    /// An edge naming a node outside the population.
    #[error("edge ({a}, {b}) names a node outside 0..{n}")]
    EdgeOutOfRange {
        /// First end.
        a: usize,
        /// Second end.
        b: usize,
        /// Population size.
        n: usize,
    },
    /// A graph whose size differs from the population.
    #[error("the {which} graph has {graph} nodes but the population has {population}")]
    GraphSizeMismatch {
        /// Which graph.
        which: &'static str,
        /// Nodes in the graph.
        graph: usize,
        /// Individuals.
        population: usize,
    },
    /// A lattice that does not fit the population.
    #[error("a {rows}x{cols} lattice has {} cells but the population has {population}", rows * cols)]
    LatticeSize {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Individuals.
        population: usize,
    },
    /// A fitness that cannot drive fitness-proportional selection.
    #[error("fitness must be finite and at least 0, got {value} for {who}")]
    BadFitness {
        /// Which type or individual.
        who: String,
        /// Value.
        value: f64,
    },
    /// Anything else, with the message.
    #[error("{0}")]
    Invalid(String),
}

//! `kind = "attention"`: a BERT-style transformer encoder over the last
//! turns of the match (axelrod's `EvolvedAttention`, Marc-Olivier Derouin;
//! 4.14 `strategies/attention.py`), evaluated in f32 like torch.
//!
//! Each turn the model reads `1 + min(turns played, positions - 1)` tokens:
//! [`CLS`], then one game-state token per turn, MOST RECENT FIRST
//! ([`state_token`]: CD = 2, DC = 3, CC = 4, DD = 5, own move first). Token
//! `t` gets `state_embedding[token] + position_embedding[t]`, then a
//! LayerNorm; then `layers` encoder layers, each
//! - self attention: Q, K, V = linear maps of the rows; per head (`hidden /
//!   heads` columns) `softmax(Q K^T / sqrt(head size)) V`; an output linear
//!   map, added to the layer's input, LayerNorm;
//! - feed forward: linear to `intermediate`, GELU (exact, with erf), linear
//!   back to `hidden`, added to the attention output, LayerNorm.
//!
//! The pooler is `tanh(dense(h[CLS]))` and the action head one linear unit:
//! the player cooperates when `sigmoid(logit) < 0.5` (computed in f32 as
//! torch does, so a logit that rounds the sigmoid to exactly 0.5 defects).
//! There is no padding, hence no attention mask. Every move is a full
//! forward pass: the positions of all turns shift by one each turn, so
//! nothing can be cached from the previous turn. In the last layer only the
//! CLS row is computed after K and V (the pooler reads nothing else).
//!
//! Weights: one `Vec<f32>` in the order of [`Dims::tensors`] (torch's
//! `state_dict` order and layout: a linear map's weight is `[out, in]`
//! row-major), shared by every player and thread through an `Arc`. Reading
//! and checking the file is the IO edge's job
//! (`scenario/strategy_file/attention.rs`).
//!
//! Speed: the numeric kernels (products, LayerNorm, softmax, GELU) live in
//! the `dilemma-kernels` crate (`kernels/`), compiled optimised in debug
//! builds too, so the tests that play this model run at release speed.
//! The linear maps (93% of the arithmetic at 201 tokens) take their weights
//! packed once, when the model is built ([`PackedLinear`]: column panels
//! for a register-blocked AVX-512 kernel; re-packing them on every product
//! was a quarter of a pass); the attention scores and their weighted sums
//! go through `matrixmultiply::sgemm`; GELU, exp and softmax are f32 and
//! vectorised. Buffers are row-major, allocated once per player on its
//! first move (about 1.8 MB at axelrod's dimensions), never per turn.
//! LayerNorm statistics and softmax sums accumulate in f64.
//!
//! Nothing is carried from one turn to the next: every token's position
//! shifts by one each turn, so even the first layer's inputs (state plus
//! position embedding) change for every row, and attention mixes all rows
//! from the first layer on. Only the embedding rows (6 states x 201
//! positions) and the first layer's Q, K and V of each could be tabulated,
//! about 1% of a pass: not done.
//!
//! Across matches, whole passes are reused: the output is a pure function
//! of the token sequence, and the same sequences recur (a stochastic pair's
//! repetitions share long prefixes of their histories; many opponents
//! produce the same history, e.g. all cooperation; the meta players whose
//! teams hold the model ask it on their own histories). [`Model::logit`]
//! looks the exact sequence up in the model's memo ([`Memo`], module
//! `attention_memo`: shared by every clone of the model, hence by every
//! player and thread of the weights file; 130 MiB at most) and runs
//! [`Model::forward`] only on a miss, with the same bits either way.
//! Batching distinct passes of concurrent matches into one product was
//! measured instead and does not pay enough (`benches/attention.rs`).
//!
//! Float slack: the decision is `sigmoid(logit) < 0.5`; the smallest
//! |logit| in the 37,600 decisions of the committed 200-turn axelrod
//! records is 0.030, while our logits differ from torch's by under 1e-4
//! relative (tests/suite/axelrod_attention.rs): reordering sums or using
//! f32 approximations of erf and exp accurate to a few ulp cannot flip a
//! recorded decision.
//!
//! Reproducibility: the result is a pure function of the history on one
//! machine (every product is single-threaded here). The kernels are picked
//! from the CPU at run time (AVX-512 with fused multiply-add, AVX2 or the
//! baseline; `matrixmultiply` likewise), so logits may differ
//! in the last bits between machines; a decision can only change where the
//! logit is within that rounding of 0 (see the margins in
//! tests/suite/axelrod_attention.rs).

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::strategies::defined::attention_memo::{Memo, MemoStats};
use crate::ipd::strategies::defined::{DefinitionError, Place};
pub use dilemma_kernels::erfc;
use dilemma_kernels::{PackedLinear, add_rows, gelu_all, gemm, layer_norm, softmax};
use std::path::PathBuf;
use std::sync::Arc;

/// The classification token that starts every sequence.
pub const CLS: u8 = 0;

/// The largest value accepted for each dimension (a bound on memory: the
/// per-player buffers hold `positions x (6 hidden + intermediate)` floats).
pub const MAX_DIMENSION: usize = 4096;

/// The game-state token of one turn (own move first): CD = 2, DC = 3,
/// CC = 4, DD = 5, as axelrod's `GameState`.
pub fn state_token(own: Action, opponent: Action) -> u8 {
    match (own, opponent) {
        (Action::C, Action::D) => 2,
        (Action::D, Action::C) => 3,
        (Action::C, Action::C) => 4,
        (Action::D, Action::D) => 5,
    }
}

/// The model's dimensions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dims {
    /// Rows of the state embedding (tokens 0..states; at least 6).
    pub states: usize,
    /// Rows of the position embedding: the CLS token plus the turns read.
    pub positions: usize,
    /// Width of every token's vector.
    pub hidden: usize,
    /// Encoder layers.
    pub layers: usize,
    /// Attention heads (dividing `hidden`).
    pub heads: usize,
    /// Width of the feed-forward layer.
    pub intermediate: usize,
    /// LayerNorm's epsilon.
    pub layer_norm_eps: f32,
}

/// Where one encoder layer's tensors start in the weights.
#[derive(Clone, Copy, Debug, PartialEq)]
struct LayerOffsets {
    query: (usize, usize),
    key: (usize, usize),
    value: (usize, usize),
    attention_out: (usize, usize),
    attention_norm: (usize, usize),
    intermediate: (usize, usize),
    output: (usize, usize),
    output_norm: (usize, usize),
}

/// Where every tensor starts.
#[derive(Clone, Debug, PartialEq)]
struct Offsets {
    state_embedding: usize,
    position_embedding: usize,
    embedding_norm: (usize, usize),
    layers: Vec<LayerOffsets>,
    pooler: (usize, usize),
    action: (usize, usize),
    total: usize,
}

impl Dims {
    /// axelrod 4.14's `PlayerConfig`.
    pub const AXELROD: Dims = Dims {
        states: 6,
        positions: 201,
        hidden: 256,
        layers: 24,
        heads: 8,
        intermediate: 512,
        layer_norm_eps: 1e-12,
    };

    /// Checks the dimensions; the place names the offending field.
    pub fn check(&self) -> Result<(), DefinitionError> {
        let fields = [
            ("states", self.states, 6),
            ("positions", self.positions, 1),
            ("hidden", self.hidden, 1),
            ("layers", self.layers, 1),
            ("heads", self.heads, 1),
            ("intermediate", self.intermediate, 1),
        ];
        for (field, value, least) in fields {
            if !(least..=MAX_DIMENSION).contains(&value) {
                let why = if field == "states" {
                    " (tokens 0 to 5: CLS, padding and the four game states)"
                } else {
                    ""
                };
                return Err(DefinitionError::new(
                    Place::Field(field),
                    format!(
                        "{field} must be a whole number from {least} to {MAX_DIMENSION}{why}, got \
                         {value}"
                    ),
                ));
            }
        }
        if self.hidden % self.heads != 0 {
            return Err(DefinitionError::new(
                Place::Field("heads"),
                format!(
                    "heads must divide hidden ({}) into equal heads, got {}",
                    self.hidden, self.heads
                ),
            ));
        }
        if !(self.layer_norm_eps.is_finite() && self.layer_norm_eps > 0.0) {
            return Err(DefinitionError::new(
                Place::Field("layer_norm_eps"),
                format!(
                    "layer_norm_eps must be a positive number, got {}",
                    self.layer_norm_eps
                ),
            ));
        }
        Ok(())
    }

    /// Every tensor as (name, shape), in the weights file's order.
    pub fn tensors(&self) -> Vec<(String, Vec<usize>)> {
        let (h, i) = (self.hidden, self.intermediate);
        let mut list = vec![
            (
                "embeddings.game_state_embeddings.weight".into(),
                vec![self.states, h],
            ),
            (
                "embeddings.position_embeddings.weight".into(),
                vec![self.positions, h],
            ),
            ("embeddings.LayerNorm.weight".into(), vec![h]),
            ("embeddings.LayerNorm.bias".into(), vec![h]),
        ];
        for layer in 0..self.layers {
            let p = format!("encoder.layer.{layer}.");
            for (name, out, input) in [
                ("attention.self.query", h, h),
                ("attention.self.key", h, h),
                ("attention.self.value", h, h),
                ("attention.output.dense", h, h),
                ("attention.output.LayerNorm", h, 0),
                ("intermediate.dense", i, h),
                ("output.dense", h, i),
                ("output.LayerNorm", h, 0),
            ] {
                let weight = if input == 0 {
                    vec![out]
                } else {
                    vec![out, input]
                };
                list.push((format!("{p}{name}.weight"), weight));
                list.push((format!("{p}{name}.bias"), vec![out]));
            }
        }
        list.push(("pooler.dense.weight".into(), vec![h, h]));
        list.push(("pooler.dense.bias".into(), vec![h]));
        list.push(("action.weight".into(), vec![1, h]));
        list.push(("action.bias".into(), vec![1]));
        list
    }

    /// The number of float32 weights the file must hold.
    pub fn weight_count(&self) -> usize {
        self.offsets().total
    }

    /// The dimensions as the file writes them, for messages.
    pub fn describe(&self) -> String {
        format!(
            "states = {}, positions = {}, hidden = {}, layers = {}, heads = {}, intermediate = {}",
            self.states, self.positions, self.hidden, self.layers, self.heads, self.intermediate
        )
    }

    fn offsets(&self) -> Offsets {
        let (h, i) = (self.hidden, self.intermediate);
        let mut at = 0;
        let mut take = |n: usize| {
            let start = at;
            at += n;
            start
        };
        let state_embedding = take(self.states * h);
        let position_embedding = take(self.positions * h);
        let embedding_norm = (take(h), take(h));
        let layers = (0..self.layers)
            .map(|_| LayerOffsets {
                query: (take(h * h), take(h)),
                key: (take(h * h), take(h)),
                value: (take(h * h), take(h)),
                attention_out: (take(h * h), take(h)),
                attention_norm: (take(h), take(h)),
                intermediate: (take(i * h), take(i)),
                output: (take(h * i), take(h)),
                output_norm: (take(h), take(h)),
            })
            .collect();
        let pooler = (take(h * h), take(h));
        let action = (take(h), take(1));
        Offsets {
            state_embedding,
            position_embedding,
            embedding_norm,
            layers,
            pooler,
            action,
            total: at,
        }
    }
}

/// A model: dimensions and weights, validated; or, read only to be
/// described (`dilemma strategies`), its dimensions without the weights
/// ([`Model::described`]): such a model never plays. Clones share the
/// weights, their packing and the memo of outputs ([`Memo`]).
#[derive(Clone)]
pub struct Model {
    dims: Dims,
    offsets: Offsets,
    /// `None` for a model read only to be described.
    weights: Option<Arc<Vec<f32>>>,
    /// The linear maps' weights packed for the products (built once, with
    /// the model; `None` for a model read only to be described).
    packed: Option<Arc<Packed>>,
    /// The outputs computed so far, by token sequence (`None` for a model
    /// read only to be described).
    memo: Option<Arc<Memo>>,
}

/// Models are equal when their dimensions and weights are: the packing is
/// a function of them (though its alignment offsets differ between two
/// packings of the same weights) and the memo a cache of outputs.
impl PartialEq for Model {
    fn eq(&self, other: &Model) -> bool {
        self.dims == other.dims && self.offsets == other.offsets && self.weights == other.weights
    }
}

/// The weights of every linear map, packed once ([`PackedLinear`]).
#[derive(Clone, Debug, PartialEq)]
struct Packed {
    layers: Vec<PackedLayer>,
    pooler: PackedLinear,
}

/// One encoder layer's linear maps, packed.
#[derive(Clone, Debug, PartialEq)]
struct PackedLayer {
    query: PackedLinear,
    key: PackedLinear,
    value: PackedLinear,
    attention_out: PackedLinear,
    intermediate: PackedLinear,
    output: PackedLinear,
}

impl Packed {
    fn new(dims: &Dims, offsets: &Offsets, w: &[f32]) -> Packed {
        let (h, i) = (dims.hidden, dims.intermediate);
        let layers = offsets
            .layers
            .iter()
            .map(|l| PackedLayer {
                query: PackedLinear::new(w, l.query, h, h),
                key: PackedLinear::new(w, l.key, h, h),
                value: PackedLinear::new(w, l.value, h, h),
                attention_out: PackedLinear::new(w, l.attention_out, h, h),
                intermediate: PackedLinear::new(w, l.intermediate, h, i),
                output: PackedLinear::new(w, l.output, i, h),
            })
            .collect();
        Packed {
            layers,
            pooler: PackedLinear::new(w, offsets.pooler, h, h),
        }
    }
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("dims", &self.dims)
            .field("weights", &self.weights.as_ref().map(|w| w.len()))
            .finish()
    }
}

impl Model {
    /// A model from its dimensions and weights (in [`Dims::tensors`] order);
    /// refused when the count does not match the dimensions.
    pub fn new(dims: Dims, weights: Arc<Vec<f32>>) -> Result<Model, DefinitionError> {
        dims.check()?;
        let offsets = dims.offsets();
        if weights.len() != offsets.total {
            return Err(DefinitionError::new(
                Place::Field("weights"),
                format!(
                    "the weights hold {} float32 values, expected {} for {}",
                    weights.len(),
                    offsets.total,
                    dims.describe()
                ),
            ));
        }
        let packed = Packed::new(&dims, &offsets, &weights);
        Ok(Model {
            dims,
            offsets,
            weights: Some(weights),
            packed: Some(Arc::new(packed)),
            memo: Some(Arc::new(Memo::default())),
        })
    }

    /// A model known by its dimensions only, for describing a strategy
    /// (its classifiers, its work estimate, its definition written back)
    /// without reading the weights file. It must never play: [`Model::logit`]
    /// refuses it as a bug (the readers that build players to play always
    /// load the weights).
    pub fn described(dims: Dims) -> Result<Model, DefinitionError> {
        dims.check()?;
        Ok(Model {
            offsets: dims.offsets(),
            dims,
            weights: None,
            packed: None,
            memo: None,
        })
    }

    /// Whether this model plays with exactly these weights (the same
    /// allocation, not merely equal values).
    pub fn weights_are(&self, weights: &Arc<Vec<f32>>) -> bool {
        self.weights
            .as_ref()
            .is_some_and(|w| Arc::ptr_eq(w, weights))
    }

    /// Whether the weights are loaded (false for [`Model::described`]).
    pub fn has_weights(&self) -> bool {
        self.weights.is_some()
    }

    /// The dimensions.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The model's output (before the sigmoid) for `tokens` ([`CLS`] first,
    /// then game-state tokens, most recent first; only the first
    /// `positions` are read): the memo's, or a forward pass ([`Model::forward`])
    /// kept in the memo. `scratch` is the caller's working memory for the
    /// pass, allocated on first use.
    pub fn logit(&self, tokens: &[u8], scratch: &mut Scratch) -> f32 {
        let tokens = &tokens[..tokens.len().min(self.dims.positions)];
        match &self.memo {
            Some(memo) => memo.logit(tokens, || self.forward(tokens, scratch)),
            None => self.forward(tokens, scratch),
        }
    }

    /// The memo's counters (passes asked, computed; shards cleared), for
    /// benches and tests; `None` for a model read only to be described.
    pub fn memo_stats(&self) -> Option<MemoStats> {
        self.memo.as_ref().map(|memo| memo.stats())
    }

    /// One forward pass over `tokens`, never memoised (benches time it;
    /// players ask [`Model::logit`]).
    pub fn forward(&self, tokens: &[u8], scratch: &mut Scratch) -> f32 {
        let d = &self.dims;
        let (h, inter) = (d.hidden, d.intermediate);
        let n = tokens.len().min(d.positions);
        let tokens = &tokens[..n];
        let (Some(w), Some(packed)) = (self.weights.as_deref(), self.packed.as_deref()) else {
            panic!(
                "bug: an attention model read only to be described was asked to play \
                 (read the strategy without Chain::describing to play it)"
            )
        };
        scratch.reserve(d);
        let w = &w[..];
        let o = &self.offsets;
        let Scratch {
            x,
            q,
            k,
            v,
            ctx,
            mid,
            inner,
            scores,
        } = scratch;
        for (t, &token) in tokens.iter().enumerate() {
            let token = usize::from(token).min(d.states - 1);
            let state = &w[o.state_embedding + token * h..][..h];
            let position = &w[o.position_embedding + t * h..][..h];
            let row = &mut x[t * h..(t + 1) * h];
            for ((out, s), p) in row.iter_mut().zip(state).zip(position) {
                *out = s + p;
            }
        }
        layer_norm(&mut x[..n * h], h, w, o.embedding_norm, d.layer_norm_eps);
        let head = h / d.heads;
        let scale = 1.0 / (head as f32).sqrt();
        for (l, (layer, maps)) in o.layers.iter().zip(&packed.layers).enumerate() {
            // The last layer only feeds the CLS row to the pooler.
            let rows = if l + 1 == o.layers.len() { 1 } else { n };
            maps.query.apply(&x[..], rows, &mut q[..]);
            maps.key.apply(&x[..], n, &mut k[..]);
            maps.value.apply(&x[..], n, &mut v[..]);
            for hd in 0..d.heads {
                let col = hd * head;
                // scores = scale * Q_h K_h^T: rows x n.
                gemm(
                    rows,
                    head,
                    n,
                    scale,
                    (&q[col..], h, 1),
                    (&k[col..], 1, h),
                    0.0,
                    (&mut scores[..], n),
                );
                for r in 0..rows {
                    softmax(&mut scores[r * n..(r + 1) * n]);
                }
                // ctx_h = P V_h: rows x head, into columns col.. of ctx.
                gemm(
                    rows,
                    n,
                    head,
                    1.0,
                    (&scores[..], n, 1),
                    (&v[col..], h, 1),
                    0.0,
                    (&mut ctx[col..], h),
                );
            }
            maps.attention_out.apply(&ctx[..], rows, &mut mid[..]);
            add_rows(&mut mid[..rows * h], &x[..rows * h]);
            layer_norm(
                &mut mid[..rows * h],
                h,
                w,
                layer.attention_norm,
                d.layer_norm_eps,
            );
            maps.intermediate.apply(&mid[..], rows, &mut inner[..]);
            gelu_all(&mut inner[..rows * inter]);
            maps.output.apply(&inner[..], rows, &mut x[..]);
            add_rows(&mut x[..rows * h], &mid[..rows * h]);
            layer_norm(
                &mut x[..rows * h],
                h,
                w,
                layer.output_norm,
                d.layer_norm_eps,
            );
        }
        // Pooler on the CLS row, then the action unit.
        packed.pooler.apply(&x[..], 1, &mut mid[..]);
        let (action_weight, action_bias) = o.action;
        let mut logit = f64::from(w[action_bias]);
        for (p, a) in mid[..h].iter().zip(&w[action_weight..action_weight + h]) {
            logit += f64::from(p.tanh()) * f64::from(*a);
        }
        logit as f32
    }
}

/// Working memory of one forward pass: row-major `positions x width`
/// buffers, allocated once.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    x: Vec<f32>,
    q: Vec<f32>,
    k: Vec<f32>,
    v: Vec<f32>,
    ctx: Vec<f32>,
    mid: Vec<f32>,
    inner: Vec<f32>,
    scores: Vec<f32>,
}

impl Scratch {
    fn reserve(&mut self, d: &Dims) {
        let rows = d.positions;
        if self.x.len() == rows * d.hidden && self.inner.len() == rows * d.intermediate {
            return;
        }
        for buffer in [
            &mut self.x,
            &mut self.q,
            &mut self.k,
            &mut self.v,
            &mut self.ctx,
            &mut self.mid,
        ] {
            *buffer = vec![0.0; rows * d.hidden];
        }
        self.inner = vec![0.0; rows * d.intermediate];
        self.scores = vec![0.0; rows * rows];
    }
}

/// A validated `attention` definition: the model and where its weights
/// came from (written back by the reader so a resolved scenario reloads
/// the same file).
#[derive(Clone, Debug)]
pub struct Attention {
    /// The model (weights shared).
    pub model: Arc<Model>,
    /// The weights file, as resolved when the definition was read.
    pub weights_path: PathBuf,
    /// The SHA-256 of the weights file (lower-case hex), as checked.
    pub sha256: String,
    /// axelrod's `long_run_time` classifier (true for EvolvedAttention).
    pub long_run_time: bool,
}

/// A player's per-match state: the last turns as tokens and the scratch
/// memory of the forward pass.
#[derive(Clone, Debug, Default)]
pub struct AttentionState {
    /// Game-state tokens of the last turns, oldest first (at most
    /// `positions - 1` kept).
    turns: std::collections::VecDeque<u8>,
    /// Turns seen so far.
    seen: u32,
    /// The sequence given to the model (CLS, then most recent first).
    tokens: Vec<u8>,
    scratch: Scratch,
}

impl Attention {
    /// The number of past turns the model reads.
    pub fn memory_depth(&self) -> u32 {
        (self.model.dims.positions - 1) as u32
    }

    /// The move of the next turn.
    pub fn choose(&self, state: &mut AttentionState, me: &History, them: &History) -> Action {
        if decides_c(self.logit(state, me, them)) {
            Action::C
        } else {
            Action::D
        }
    }

    /// The model's output before the next move: `state` takes in the turns
    /// played since it last looked (it is asked every turn, so they are in
    /// the histories' 64-move window), then the model reads the last turns.
    pub fn logit(&self, state: &mut AttentionState, me: &History, them: &History) -> f32 {
        let window = self.model.dims.positions - 1;
        if me.len() < state.seen {
            // A new match in the same state: start over.
            state.turns.clear();
            state.seen = 0;
        }
        while state.seen < me.len() {
            let back = me.len() - 1 - state.seen;
            if let (Some(own), Some(opponent)) = (me.ago(back), them.ago(back)) {
                if state.turns.len() == window {
                    state.turns.pop_front();
                }
                if window > 0 {
                    state.turns.push_back(state_token(own, opponent));
                }
            }
            state.seen += 1;
        }
        state.tokens.clear();
        state.tokens.push(CLS);
        state.tokens.extend(state.turns.iter().rev());
        self.model.logit(&state.tokens, &mut state.scratch)
    }
}

/// `sigmoid(logit) < 0.5` in f32, as axelrod's torch decides.
pub fn decides_c(logit: f32) -> bool {
    1.0 / (1.0 + (-logit).exp()) < 0.5
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_linear_maps_agree_with_sgemm() {
        // kernels/ is not a workspace member, so its paths are tested here:
        // the packed product (every row and panel edge) against the same
        // map through matrixmultiply.
        let value = |k: usize| ((k * 7919) % 1000) as f32 / 500.0 - 1.0;
        for (ins, outs) in [(37, 11), (64, 32), (40, 70)] {
            let w: Vec<f32> = (0..outs * ins + outs).map(value).collect();
            let at = (0, outs * ins);
            let packed = PackedLinear::new(&w, at, ins, outs);
            for rows in [1, 3, dilemma_kernels::packed::ROWS, 29] {
                let input: Vec<f32> = (0..rows * ins).map(|k| value(k + 13)).collect();
                let mut fast = vec![0.0f32; rows * outs];
                packed.apply(&input, rows, &mut fast);
                let mut slow = vec![0.0f32; rows * outs];
                for row in slow.chunks_exact_mut(outs) {
                    row.copy_from_slice(&w[at.1..at.1 + outs]);
                }
                gemm(
                    rows,
                    ins,
                    outs,
                    1.0,
                    (&input, ins, 1),
                    (&w[..outs * ins], 1, ins),
                    1.0,
                    (&mut slow, outs),
                );
                for (a, b) in fast.iter().zip(&slow) {
                    assert!((a - b).abs() <= 1e-5 * b.abs().max(1.0), "{a} {b}");
                }
                // The same bits every time.
                let mut again = vec![0.0f32; rows * outs];
                packed.apply(&input, rows, &mut again);
                assert_eq!(fast, again);
            }
        }
    }

    #[test]
    fn the_vectorised_gelu_and_softmax_are_accurate() {
        let mut values: Vec<f32> = (0..2000).map(|k| k as f32 * 0.01 - 10.0).collect();
        let inputs = values.clone();
        gelu_all(&mut values);
        for (x, got) in inputs.iter().zip(&values) {
            let x = f64::from(*x);
            let want = 0.5 * x * erfc(-x / 2f64.sqrt());
            assert!(
                (f64::from(*got) - want).abs() <= 4e-7 * x.abs().max(1.0),
                "{x}"
            );
        }
        let mut row: Vec<f32> = (0..201)
            .map(|k| ((k * 37) % 23) as f32 * 0.7 - 6.0)
            .collect();
        let e: Vec<f64> = row.iter().map(|&v| f64::from(v - 9.4).exp()).collect();
        let total: f64 = e.iter().sum();
        softmax(&mut row);
        for (got, want) in row.iter().zip(&e) {
            assert!((f64::from(*got) - want / total).abs() < 1e-7, "{got}");
        }
    }

    /// A small model with weights from a fixed formula.
    fn small(dims: Dims) -> Model {
        let count = dims.weight_count();
        let weights = (0..count)
            .map(|i| ((i * 7919 % 1000) as f32 / 1000.0 - 0.5) * 0.4)
            .collect();
        Model::new(dims, Arc::new(weights)).unwrap()
    }

    const SMALL: Dims = Dims {
        states: 6,
        positions: 5,
        hidden: 8,
        layers: 2,
        heads: 2,
        intermediate: 12,
        layer_norm_eps: 1e-12,
    };

    #[test]
    fn the_tensor_list_and_the_offsets_agree() {
        for dims in [SMALL, Dims::AXELROD] {
            let total: usize = dims
                .tensors()
                .iter()
                .map(|(_, shape)| shape.iter().product::<usize>())
                .sum();
            assert_eq!(total, dims.weight_count());
        }
        assert_eq!(Dims::AXELROD.weight_count(), 12_770_049);
        assert_eq!(Dims::AXELROD.tensors().len(), 392);
    }

    #[test]
    fn erfc_is_accurate_to_f32_precision() {
        // Python's math.erfc at these points.
        let reference = [
            (-3.0, 1.999_977_909_503_001_5),
            (-1.0, 1.842_700_792_949_715),
            (-0.1, 1.112_462_916_018_284_8),
            (0.0, 1.0),
            (0.3, 0.671_373_240_540_872_6),
            (1.0, 0.157_299_207_050_285_13),
            (2.5, 0.000_406_952_017_444_958_9),
            (5.0, 1.537_459_794_428_035_1e-12),
        ];
        for (z, want) in reference {
            let got = erfc(z);
            assert!(
                ((got - want) / want).abs() < 1.2e-7,
                "erfc({z}) = {got}, want {want}"
            );
        }
    }

    /// The forward pass against a plain, allocation-heavy restatement of
    /// the same maths (f64 throughout, no sgemm, every row of every layer).
    #[test]
    fn the_forward_pass_matches_a_direct_computation() {
        let model = small(SMALL);
        let mut scratch = Scratch::default();
        for tokens in [vec![0u8], vec![0, 4], vec![0, 2, 3, 5, 4]] {
            let fast = model.logit(&tokens, &mut scratch);
            let slow = direct(&model, &tokens);
            assert!(
                (f64::from(fast) - slow).abs() < 1e-4 * slow.abs().max(1.0),
                "{tokens:?}: {fast} vs {slow}"
            );
        }
        // The scratch memory is reused, not reallocated.
        let before = scratch.x.as_ptr();
        model.logit(&[0, 5, 5], &mut scratch);
        assert_eq!(before, scratch.x.as_ptr());
    }

    fn direct(model: &Model, tokens: &[u8]) -> f64 {
        let d = model.dims;
        let weights = model.weights.as_deref().unwrap();
        let w: Vec<f64> = weights.iter().map(|&v| f64::from(v)).collect();
        let o = &model.offsets;
        let h = d.hidden;
        let n = tokens.len();
        let lin = |x: &Vec<Vec<f64>>, at: (usize, usize), ins: usize, outs: usize| {
            x.iter()
                .map(|row| {
                    (0..outs)
                        .map(|j| {
                            w[at.1 + j]
                                + (0..ins)
                                    .map(|i| w[at.0 + j * ins + i] * row[i])
                                    .sum::<f64>()
                        })
                        .collect::<Vec<f64>>()
                })
                .collect::<Vec<_>>()
        };
        let norm = |x: &mut Vec<Vec<f64>>, at: (usize, usize)| {
            for row in x.iter_mut() {
                let mean = row.iter().sum::<f64>() / h as f64;
                let var = row.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / h as f64;
                for (j, v) in row.iter_mut().enumerate() {
                    *v = (*v - mean) / (var + f64::from(d.layer_norm_eps)).sqrt() * w[at.0 + j]
                        + w[at.1 + j];
                }
            }
        };
        let mut x: Vec<Vec<f64>> = tokens
            .iter()
            .enumerate()
            .map(|(t, &tok)| {
                (0..h)
                    .map(|j| {
                        w[o.state_embedding + tok as usize * h + j]
                            + w[o.position_embedding + t * h + j]
                    })
                    .collect()
            })
            .collect();
        norm(&mut x, o.embedding_norm);
        let head = h / d.heads;
        for layer in &o.layers {
            let q = lin(&x, layer.query, h, h);
            let k = lin(&x, layer.key, h, h);
            let v = lin(&x, layer.value, h, h);
            let mut ctx = vec![vec![0.0; h]; n];
            for hd in 0..d.heads {
                let cols = hd * head..(hd + 1) * head;
                for r in 0..n {
                    let s: Vec<f64> = (0..n)
                        .map(|c| {
                            cols.clone().map(|j| q[r][j] * k[c][j]).sum::<f64>()
                                / (head as f64).sqrt()
                        })
                        .collect();
                    let max = s.iter().cloned().fold(f64::MIN, f64::max);
                    let e: Vec<f64> = s.iter().map(|v| (v - max).exp()).collect();
                    let total: f64 = e.iter().sum();
                    for j in cols.clone() {
                        ctx[r][j] = (0..n).map(|c| e[c] / total * v[c][j]).sum();
                    }
                }
            }
            let mut a = lin(&ctx, layer.attention_out, h, h);
            for (ar, xr) in a.iter_mut().zip(&x) {
                for (av, xv) in ar.iter_mut().zip(xr) {
                    *av += xv;
                }
            }
            norm(&mut a, layer.attention_norm);
            let mut i = lin(&a, layer.intermediate, h, d.intermediate);
            for row in i.iter_mut() {
                for v in row.iter_mut() {
                    *v = 0.5 * *v * erfc(-*v / 2f64.sqrt());
                }
            }
            let mut out = lin(&i, layer.output, d.intermediate, h);
            for (orow, arow) in out.iter_mut().zip(&a) {
                for (ov, av) in orow.iter_mut().zip(arow) {
                    *ov += av;
                }
            }
            norm(&mut out, layer.output_norm);
            x = out;
        }
        let pooled = lin(&vec![x[0].clone()], o.pooler, h, h);
        w[o.action.1]
            + pooled[0]
                .iter()
                .enumerate()
                .map(|(j, p)| p.tanh() * w[o.action.0 + j])
                .sum::<f64>()
    }

    #[test]
    fn a_player_reads_the_last_turns_most_recent_first() {
        let dims = Dims {
            positions: 3,
            ..SMALL
        };
        let attention = Attention {
            model: Arc::new(small(dims)),
            weights_path: PathBuf::from("w"),
            sha256: String::new(),
            long_run_time: true,
        };
        let mut state = AttentionState::default();
        let (mut me, mut them) = (History::new(), History::new());
        let moves = [
            (Action::C, Action::D),
            (Action::D, Action::D),
            (Action::C, Action::C),
        ];
        attention.choose(&mut state, &me, &them);
        assert_eq!(state.tokens, vec![CLS]);
        for (own, opponent) in moves {
            me.push(own);
            them.push(opponent);
            let action = attention.choose(&mut state, &me, &them);
            let logit = attention
                .model
                .logit(&state.tokens.clone(), &mut Scratch::default());
            assert_eq!(action == Action::C, decides_c(logit));
        }
        // Two turns fit (positions 3): the latest (CC = 4), then DD = 5.
        assert_eq!(state.tokens, vec![CLS, 4, 5]);
        // A new match starts over.
        attention.choose(&mut state, &History::new(), &History::new());
        assert_eq!(state.tokens, vec![CLS]);
    }

    #[test]
    fn the_memo_returns_the_bits_of_a_pass() {
        let dims = Dims {
            positions: 12,
            ..SMALL
        };
        let model = small(dims);
        let twin = model.clone(); // shares the memo, as shared_model's clones
        let sequences: Vec<Vec<u8>> = (0..40usize)
            .map(|i| {
                std::iter::once(CLS)
                    .chain((0..i % 12).map(|t| 2 + ((i * 31 + t * 7) % 4) as u8))
                    .collect()
            })
            .collect();
        let mut scratch = Scratch::default();
        let mut fresh = Scratch::default();
        for s in &sequences {
            let pass = model.forward(s, &mut Scratch::default());
            // First ask (a miss on the first sight), then a hit, each with
            // scratch left dirty by other sequences.
            let first = model.logit(s, &mut scratch);
            let hit = twin.logit(s, &mut fresh);
            assert_eq!(first.to_bits(), pass.to_bits(), "{s:?}");
            assert_eq!(hit.to_bits(), pass.to_bits(), "{s:?}");
        }
        let stats = model.memo_stats().unwrap();
        let distinct: std::collections::HashSet<_> = sequences.iter().collect();
        assert_eq!(stats.asked, 2 * sequences.len() as u64);
        assert_eq!(stats.computed, distinct.len() as u64);
        // Tokens past `positions` are not read, so not part of the key.
        let long: Vec<u8> = std::iter::once(CLS).chain([4; 20]).collect();
        let cut = model.logit(&long[..12], &mut scratch);
        assert_eq!(model.logit(&long, &mut scratch).to_bits(), cut.to_bits());
        // A described model has no memo.
        assert_eq!(Model::described(dims).unwrap().memo_stats(), None);
        // The memo is no part of equality.
        assert_eq!(model, small(dims));
    }

    #[test]
    fn the_decision_is_torchs_sigmoid_below_one_half() {
        assert!(decides_c(-1.0));
        assert!(!decides_c(0.0));
        assert!(!decides_c(2.0));
        // The sigmoid rounds to exactly 0.5 in f32: D, as in axelrod.
        assert!(!decides_c(-1e-9));
    }

    #[test]
    fn wrong_dimensions_are_refused_with_the_field() {
        let e = Dims { heads: 3, ..SMALL }.check().unwrap_err();
        assert_eq!(e.place, Place::Field("heads"));
        let e = Dims { states: 4, ..SMALL }.check().unwrap_err();
        assert!(e.message.contains("from 6"), "{}", e.message);
        let e = Model::new(SMALL, Arc::new(vec![0.0; 10])).unwrap_err();
        assert!(e.message.contains("expected"), "{}", e.message);
    }
}

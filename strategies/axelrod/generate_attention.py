#!/usr/bin/env python3
"""Writes axelrod's EvolvedAttention as strategies/axelrod/evolved-attention.{toml,weights}.

Requirements: ``pip install axelrod==4.14.0`` (with torch; the script refuses
another axelrod version unless ``--any-version`` is given).

    python3 strategies/axelrod/generate_attention.py

axelrod's EvolvedAttention (strategies/attention.py, by Marc-Olivier
Derouin) is a BERT-style encoder whose weights ship in the package as
``axelrod/data/model_attention.pth`` (392 tensors, 12,770,049 float32). This
script writes:

* ``evolved-attention.weights``: every tensor of the model's ``state_dict``,
  in the order below, as raw little-endian float32, row-major in torch's own
  layout (a ``Linear``'s weight is [out, in]), nothing between them:

      embeddings.game_state_embeddings.weight     [states, hidden]
      embeddings.position_embeddings.weight       [positions, hidden]
      embeddings.LayerNorm.weight, .bias          [hidden] each
      for each of the `layers` encoder layers:
        attention.self.query.weight, .bias        [hidden, hidden], [hidden]
        attention.self.key.weight, .bias          [hidden, hidden], [hidden]
        attention.self.value.weight, .bias        [hidden, hidden], [hidden]
        attention.output.dense.weight, .bias      [hidden, hidden], [hidden]
        attention.output.LayerNorm.weight, .bias  [hidden] each
        intermediate.dense.weight, .bias          [intermediate, hidden], [intermediate]
        output.dense.weight, .bias                [hidden, intermediate], [hidden]
        output.LayerNorm.weight, .bias            [hidden] each
      pooler.dense.weight, .bias                  [hidden, hidden], [hidden]
      action.weight, .bias                        [1, hidden], [1]

  (this is the state_dict's own order; the script checks every name and
  shape against it before writing);
* ``evolved-attention.toml``: the strategy file (``kind = "attention"``): the
  dimensions, the weights file's name (relative to the TOML file) and its
  SHA-256, the display name, description, source and classifiers, with the
  attribution header of the other generated files.

The weights file is ~51 MB and committed to git; the binary does not embed
it: the `attention` kind reads it at run time (see
src/scenario/strategy_file/attention.rs).
"""

import argparse
import hashlib
import sys
from pathlib import Path

import numpy as np
import axelrod as axl
from axelrod.load_data_ import load_attention_model_weights
from axelrod.strategies.attention import PlayerConfig

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import EXPECTED_VERSION, common, header, toml_string  # noqa: E402

HERE = Path(__file__).resolve().parent
WEIGHTS = HERE / "evolved-attention.weights"
TOML = HERE / "evolved-attention.toml"


def tensor_order(config):
    """(name, shape) of every tensor, in the file's order."""
    h, i = config.hidden_size, config.intermediate_size
    order = [
        ("embeddings.game_state_embeddings.weight", (config.state_size, h)),
        ("embeddings.position_embeddings.weight", (config.max_game_size, h)),
        ("embeddings.LayerNorm.weight", (h,)),
        ("embeddings.LayerNorm.bias", (h,)),
    ]
    for layer in range(config.num_hidden_layers):
        p = f"encoder.layer.{layer}."
        for name in ("query", "key", "value"):
            order += [(f"{p}attention.self.{name}.weight", (h, h)),
                      (f"{p}attention.self.{name}.bias", (h,))]
        order += [
            (f"{p}attention.output.dense.weight", (h, h)),
            (f"{p}attention.output.dense.bias", (h,)),
            (f"{p}attention.output.LayerNorm.weight", (h,)),
            (f"{p}attention.output.LayerNorm.bias", (h,)),
            (f"{p}intermediate.dense.weight", (i, h)),
            (f"{p}intermediate.dense.bias", (i,)),
            (f"{p}output.dense.weight", (h, i)),
            (f"{p}output.dense.bias", (h,)),
            (f"{p}output.LayerNorm.weight", (h,)),
            (f"{p}output.LayerNorm.bias", (h,)),
        ]
    order += [
        ("pooler.dense.weight", (h, h)),
        ("pooler.dense.bias", (h,)),
        ("action.weight", (1, h)),
        ("action.bias", (1,)),
    ]
    return order


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--any-version", action="store_true")
    args = parser.parse_args()
    if axl.__version__ != EXPECTED_VERSION and not args.any_version:
        sys.exit(f"axelrod {axl.__version__} found, {EXPECTED_VERSION} expected")
    config = PlayerConfig()
    state = load_attention_model_weights()
    order = tensor_order(config)
    names = [name for name, _ in order]
    assert list(state.keys()) == names, "the state_dict's tensors are not in the expected order"
    chunks = []
    for name, shape in order:
        tensor = state[name]
        assert tuple(tensor.shape) == shape, (name, tuple(tensor.shape), shape)
        chunks.append(np.ascontiguousarray(tensor.detach().numpy(), dtype="<f4").tobytes())
    data = b"".join(chunks)
    count = len(data) // 4
    digest = hashlib.sha256(data).hexdigest()
    partial = WEIGHTS.with_suffix(".weights.partial")
    partial.write_bytes(data)
    partial.replace(WEIGHTS)

    player = axl.EvolvedAttention()
    long_run = bool(axl.Classifiers["long_run_time"](player))
    assert not axl.Classifiers["stochastic"](player)
    lines = header("EvolvedAttention", "transformer (attention) network",
                   data=f"{count:,} float32 weights in {WEIGHTS.name}")
    lines = [line.replace("generate.py", "generate_attention.py") for line in lines]
    lines += [
        "# The weights are axelrod/data/model_attention.pth, written by",
        "# strategies/axelrod/generate_attention.py as raw little-endian float32 in",
        "# the tensor order documented there.",
        "",
        'kind = "attention"',
    ]
    lines += common(
        player, axl.EvolvedAttention,
        f"A {config.num_hidden_layers}-layer transformer encoder ({config.num_attention_heads} "
        f"heads, hidden size {config.hidden_size}) over the last {config.max_game_size - 1} "
        f"turns, most recent first; it cooperates when its output is negative.",
    )
    lines += [
        f"long_run_time = {str(long_run).lower()}",
        f"weights = {toml_string(WEIGHTS.name)}",
        f"sha256 = {toml_string(digest)}",
        f"states = {config.state_size}",
        f"positions = {config.max_game_size}",
        f"hidden = {config.hidden_size}",
        f"layers = {config.num_hidden_layers}",
        f"heads = {config.num_attention_heads}",
        f"intermediate = {config.intermediate_size}",
        f"layer_norm_eps = {config.layer_norm_eps!r}",
    ]
    TOML.write_text("\n".join(lines) + "\n")
    print(f"wrote {WEIGHTS} ({count} floats, sha256 {digest}) and {TOML}")


if __name__ == "__main__":
    main()

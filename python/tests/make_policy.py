"""Makes a tiny linear policy as an ONNX file, for the tests of the ``onnx`` agent.

The model maps an observation ``obs`` (float32, shape ``[1, N]``) to ``logits = obs @ W + b``
(shape ``[1, A]``) with one ``Gemm`` node; ``W`` and ``b`` are drawn from a NumPy
generator seeded with ``seed``, so the same arguments give the same file. The weights are
also written next to the model as ``<model>.npz`` (``W``, ``b``), for the tests' NumPy
reference.

Usage (``N``: the game's ``observation_size``, ``A``: its ``num_distinct_actions``, both in
a ``sim selfplay`` folder's ``_manifest.json``)::

    python make_policy.py OUT.onnx N A [--seed S]
"""

import argparse

import numpy as np


def make_policy(path, inputs, outputs, seed=7):
    """Writes the linear policy of ``inputs`` values to ``outputs`` logits to ``path``
    (ONNX) and its weights to ``path + ".npz"``; returns ``(W, b)`` as float32 arrays of
    shapes ``[inputs, outputs]`` and ``[outputs]``."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    w = rng.standard_normal((inputs, outputs)).astype(np.float32)
    # Distinct biases, so that ties between legal actions are (almost) impossible even
    # where the observation is all zeros.
    b = rng.permutation(outputs).astype(np.float32) / max(outputs, 1)
    graph = helper.make_graph(
        [helper.make_node("Gemm", ["obs", "W", "b"], ["logits"])],
        "linear_policy",
        [helper.make_tensor_value_info("obs", TensorProto.FLOAT, [1, inputs])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, [1, outputs])],
        initializer=[numpy_helper.from_array(w, "W"), numpy_helper.from_array(b, "b")],
    )
    model = helper.make_model(
        graph, producer_name="soccerlab-tests", opset_imports=[helper.make_opsetid("", 13)]
    )
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, str(path))
    np.savez(str(path) + ".npz", W=w, b=b)
    return w, b


def main():
    """The command line: ``make_policy.py OUT N A [--seed S]``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("inputs", type=int)
    p.add_argument("outputs", type=int)
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args()
    make_policy(a.out, a.inputs, a.outputs, a.seed)


if __name__ == "__main__":
    main()

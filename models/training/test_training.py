"""Unit tests of the recogniser trainer's data handling (run by test/models/recognizer-trainer.test.ts):
  python3 -m unittest models/training/test_training.py
"""
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np
import torch
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import finetune_recognizer as ft  # noqa: E402
import average_models  # noqa: E402

DICTIONARY = os.path.join(HERE, "..", "weights", "latin-dict.txt")


def write_store(folder, crops):
    """A crop store as crop-store.ts writes it: RGB bytes one after another, one JSON row a crop."""
    os.makedirs(folder, exist_ok=True)
    offset = 0
    with open(os.path.join(folder, "crops.bin"), "wb") as blob, open(os.path.join(folder, "crops.jsonl"), "w") as rows:
        for text, rgb, extra in crops:
            blob.write(rgb.tobytes())
            h, w, _ = rgb.shape
            rows.write(json.dumps(dict(extra, text=text, width=w, height=h, offset=offset)) + "\n")
            offset += rgb.size


def line(width, ink):
    """A 48 px RGB crop: white paper, one dark bar of the given width."""
    rgb = np.full((48, width, 3), 255, np.uint8)
    rgb[16:32, 4:4 + ink] = 20
    return rgb


class CaseKeyTest(unittest.TestCase):
    def test_letters_merge_with_their_capitals(self):
        self.assertEqual([ft.case_key(c) for c in "aAéÉłŁ€1"], ["A", "A", "É", "É", "Ł", "Ł", "€", "1"])

    def test_letters_whose_capital_is_another_letter_keep_their_own_target(self):
        # `ı`.upper() is `I`: merged, an upper-case label would let the model write `ı` for `i`.
        for ch in "ıſßµ":
            self.assertEqual(ft.case_key(ch), ch)


class TargetsTest(unittest.TestCase):
    def setUp(self):
        self.classes = ft.read_dictionary(DICTIONARY)
        self.targets = ft.Targets(self.classes)
        self.space = self.targets.index[" "]

    def test_dictionary_has_blank_first_and_space_last(self):
        chars = self.classes["chars"]
        self.assertEqual(chars[0], "")
        self.assertEqual(chars[-1], " ")
        self.assertIn("€", chars)

    def test_merged_targets_ignore_case_and_exact_targets_do_not(self):
        self.assertEqual(self.targets.encode("Bäck"), self.targets.encode("BÄCK"))
        self.assertNotEqual(self.targets.encode("Bäck", exact=True), self.targets.encode("BÄCK", exact=True))
        self.assertNotEqual(self.targets.encode("ı"), self.targets.encode("I"))

    def test_text_outside_the_dictionary_has_no_target(self):
        self.assertIsNone(self.targets.encode("漢字"))
        self.assertIsNone(self.targets.encode(""))

    def test_spaceless_targets_drop_spaces_and_the_space_class_joins_the_blank(self):
        self.assertEqual(self.targets.encode("AB CD", spaceless=True), self.targets.encode("ABCD"))
        self.assertIn(self.space, self.targets.encode("AB CD"))
        merged, spaceless = self.targets.merge, self.targets.merge_spaceless
        space_class = self.classes["chars"].index(" ")
        self.assertEqual(merged[space_class, self.space].item(), 1)
        self.assertEqual(spaceless[space_class, self.space].item(), 0)
        self.assertEqual(spaceless[space_class, 0].item(), 1)
        # Every class still goes to exactly one target: probabilities keep summing to one.
        self.assertTrue(torch.equal(spaceless.sum(1), torch.ones(len(self.classes["keep"]))))

    def test_spaceless_loss_does_not_charge_a_space_read_between_words(self):
        n = len(self.classes["keep"])
        a, b = self.classes["chars"].index("A"), self.classes["chars"].index("B")
        space = self.classes["chars"].index(" ")
        # Steps reading "A", " ", "B" with certainty.
        logits = torch.full((1, 3, n), -20.0)
        for t, c in enumerate((a, space, b)):
            logits[0, t, c] = 20.0
        label = [self.targets.encode("AB", spaceless=True)]
        loss = {}
        for name, m in (("merged", self.targets.merge), ("spaceless", self.targets.merge_spaceless)):
            logp = torch.log((torch.softmax(logits, -1) @ m).clamp_min(1e-12)).permute(1, 0, 2)
            loss[name] = ft.ctc(logp, label).item()
        self.assertLess(loss["spaceless"], 0.01)
        self.assertGreater(loss["merged"], 1.0)


class BatchLossTest(unittest.TestCase):
    def test_a_batch_in_parts_weighted_by_size_sums_to_the_whole_batch_loss(self):
        targets = ft.Targets(ft.read_dictionary(DICTIONARY))
        merge = {False: targets.merge, True: targets.merge_spaceless}
        texts = [("Straße", True, False), ("TOTAL 4,50", False, False), ("AB CD", False, True), ("Łódź", True, False), ("NO 12", False, False)]
        crops = [dict(exact=e, spaceless=sp, target=targets.encode(t, e, sp)) for t, e, sp in texts]
        torch.manual_seed(3)
        logits = torch.randn(len(crops), 40, targets.merge.shape[0])
        whole = ft.batch_loss(logits, crops, merge).item()
        parts = sum(ft.batch_loss(logits[lo: lo + 2], crops[lo: lo + 2], merge).item() * len(crops[lo: lo + 2]) / len(crops)
                    for lo in range(0, len(crops), 2))
        self.assertAlmostEqual(whole, parts, places=4)
        self.assertGreater(whole, 0)


class PackTest(unittest.TestCase):
    def test_a_pack_holds_the_crops_grey_at_the_new_height_with_their_rows(self):
        with tempfile.TemporaryDirectory() as tmp:
            store, pack = os.path.join(tmp, "store"), os.path.join(tmp, "pack")
            write_store(store, [("Straße 4,50 €", line(300, 200), {"language": "de"}),
                                ("TOTAL", line(90, 60), {"spaceless": True}),
                                ("third", line(60, 30), {})])
            subprocess.run([sys.executable, os.path.join(HERE, "pack_crops.py"), store, pack, "--limit", "2"],
                           check=True, capture_output=True)
            crops = ft.load_crops(pack)
            self.assertEqual([c["text"] for c in crops], ["Straße 4,50 €", "TOTAL"])
            self.assertEqual(crops[0]["language"], "de")
            self.assertTrue(crops[1]["spaceless"])
            self.assertEqual(crops[0]["pixels"].shape, (32, 200))
            self.assertEqual(crops[1]["pixels"].shape, (32, 60))
            # The bar is still dark and the paper still light after WebP.
            self.assertLess(crops[0]["pixels"][16, 50], 80)
            self.assertGreater(crops[0]["pixels"][2, 50], 200)

    def test_a_store_and_its_pack_make_the_same_batch(self):
        with tempfile.TemporaryDirectory() as tmp:
            store, pack = os.path.join(tmp, "store"), os.path.join(tmp, "pack")
            write_store(store, [("a", line(120, 80), {}), ("b", line(200, 150), {})])
            subprocess.run([sys.executable, os.path.join(HERE, "pack_crops.py"), store, pack], check=True, capture_output=True)
            raw, packed = ft.batch_tensor(ft.load_crops(store), 1.0, 32), ft.batch_tensor(ft.load_crops(pack), 1.0, 32)
            self.assertEqual(raw.shape, packed.shape)
            self.assertEqual(tuple(raw.shape[:3]), (2, 3, 32))
            self.assertLess((raw - packed).abs().mean().item(), 0.05)

    def test_a_folder_with_a_count_is_read_that_many_times_over(self):
        with tempfile.TemporaryDirectory() as tmp:
            store = os.path.join(tmp, "store")
            write_store(store, [("a", line(120, 80), {}), ("b", line(200, 150), {})])
            self.assertEqual([c["text"] for c in ft.repeated_crops(store)], ["a", "b"])
            self.assertEqual([c["text"] for c in ft.repeated_crops(store + "@3")], ["a", "b"] * 3)

    def test_trim_cuts_only_rendered_crops_and_keeps_most_of_their_height(self):
        rendered = {"pixels": line(200, 150), "exact": True}
        real = {"pixels": line(200, 150), "exact": False}
        heights = set()
        for seed in range(40):
            rng = np.random.default_rng(seed)
            cut = ft.trimmed(rendered["pixels"], rng)
            self.assertGreaterEqual(cut.shape[0], 48 - int(48 * 0.2) - int(48 * 0.1))
            self.assertEqual(cut.shape[1], 200)
            heights.add(cut.shape[0])
            x = ft.batch_tensor([rendered, real], 1.0, 32, np.random.default_rng(seed), trim=True)
            self.assertEqual(tuple(x.shape[:3]), (2, 3, 32))
        self.assertIn(48, heights)
        self.assertGreater(len(heights), 3)
        # Without jitter nothing is cut: the same batch as untrimmed.
        self.assertTrue(torch.equal(ft.batch_tensor([rendered], 1.0, 32, None, trim=True), ft.batch_tensor([rendered], 1.0, 32)))

    def test_jitter_is_the_same_for_the_same_seed_and_stays_in_range(self):
        crops = [{"text": "a", "width": 120, "height": 48, "pixels": line(120, 80)}]
        one = ft.batch_tensor(crops, 1.0, 32, np.random.default_rng(5))
        two = ft.batch_tensor(crops, 1.0, 32, np.random.default_rng(5))
        other = ft.batch_tensor(crops, 1.0, 32, np.random.default_rng(6))
        self.assertTrue(torch.equal(one, two))
        self.assertFalse(torch.equal(one, other))
        self.assertLessEqual(one.abs().max().item(), 1.0)


class ScheduleTest(unittest.TestCase):
    def test_warms_up_peaks_and_ends_at_zero(self):
        lr = [ft.learning_rate(s, 100, 10, 1e-3) for s in range(100)]
        self.assertAlmostEqual(lr[0], 1e-4)
        self.assertAlmostEqual(max(lr), 1e-3)
        self.assertLess(lr[-1], 1e-6)
        self.assertTrue(all(a >= b for a, b in zip(lr[10:], lr[11:])))



def constant_graph(w, shape_const):
    """A graph of two Constants (a float matrix and an int64 shape) and a MatMul."""
    from onnx import helper, numpy_helper, TensorProto
    nodes = [helper.make_node("Constant", [], ["w"], value=numpy_helper.from_array(np.asarray(w, np.float32), "w")),
             helper.make_node("Constant", [], ["s"], value=numpy_helper.from_array(np.asarray(shape_const, np.int64), "s")),
             helper.make_node("MatMul", ["x", "w"], ["y"])]
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 2])])
    return helper.make_model(graph)


class AverageTest(unittest.TestCase):
    def test_float_constants_become_the_weighted_mean_and_the_rest_stays(self):
        from onnx import numpy_helper
        a = constant_graph([[1, 2], [3, 4]], [1, 2])
        b = constant_graph([[5, 6], [7, 8]], [1, 2])
        out = average_models.average([a, b], [1.0, 3.0])
        w = numpy_helper.to_array(out.graph.node[0].attribute[0].t)
        np.testing.assert_allclose(w, [[4, 5], [6, 7]])
        self.assertEqual(numpy_helper.to_array(out.graph.node[1].attribute[0].t).tolist(), [1, 2])

    def test_models_of_other_shapes_are_refused(self):
        with self.assertRaises(ValueError):
            average_models.average([constant_graph([[1, 2], [3, 4]], [1]), constant_graph([[1, 2, 3]], [1])], [1.0, 1.0])


if __name__ == "__main__":
    unittest.main()

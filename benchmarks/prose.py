"""Titles and abstracts for synthetic papers: recombined seed listings plus a field's vocabulary.

Topic discovery, related papers and search all scale with how varied the text is, so a
benchmark library needs titles that do not repeat one pattern and abstracts with the
seed's quirks: LaTeX commands (`\\emph{}`, `\\ours{}`), `$...$` math, `--` dashes, aliases
defined in parentheses ("key-value (KV) cache"), and the listing's cut at about 300
characters, sometimes inside math.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["SeedText", "Vocabulary", "Writer"]

ABSTRACT_CUT = 300  # the listing shows about this many characters of an abstract, then "…"

_ADJECTIVES = (
    "Memory-Efficient Scalable Adaptive Energy-Aware Low-Latency Fault-Tolerant Hardware-Aware "
    "Communication-Efficient Training-Free Lossless Near-Optimal Dynamic Hierarchical Asynchronous "
    "Elastic Topology-Aware Cost-Effective Verifiable Lightweight Heterogeneous Decentralized "
    "Predictable Cache-Conscious Sparsity-Aware Workload-Aware Robust Portable Compiler-Guided "
    "Learned Zero-Copy Tail-Aware Deterministic"
).split()
_TECHNIQUES = (
    "KV Cache Compression|Speculative Decoding|Mixture-of-Experts Routing|Pipeline Parallelism|"
    "Tensor Parallelism|Activation Checkpointing|Quantization-Aware Training|Post-Training Quantization|"
    "Kernel Fusion|Operator Scheduling|Prefix Caching|Continuous Batching|Memory Offloading|"
    "Gradient Compression|Sparse Attention|Linear Attention|Load Balancing|Graph Partitioning|"
    "Kernel Autotuning|Checkpoint and Restore|Data Deduplication|Prefetching|Power Capping|"
    "Wear Leveling|Garbage Collection|Sparse Matrix Multiplication|Collective Communication|"
    "Knowledge Distillation|Low-Rank Adaptation|Dataflow Scheduling|Vector Search|Register Allocation|"
    "Loop Tiling|Cache Replacement|Task Scheduling|Stencil Computation|Adaptive Mesh Refinement|"
    "Byzantine Consensus|Transaction Processing|Stream Processing|Early Exiting|Model Pruning"
).split("|")
_WORKLOADS = (
    "Large Language Models|LLM Serving|Diffusion Transformers|Graph Neural Networks|"
    "Recommendation Models|State Space Models|Vision Transformers|Scientific Simulations|"
    "Sparse Tensor Algebra|Federated Learning|Reinforcement Learning Post-Training|"
    "Long-Context Inference|Retrieval-Augmented Generation|Agentic Workloads|Key-Value Stores|"
    "Serverless Functions|Molecular Dynamics|Climate Models|Analytical Queries|Video Analytics|"
    "Speech Recognition|Embedded Vision|Multi-Tenant Clusters|Batch Inference|Genomics Pipelines|"
    "Autonomous Driving|Quantum Circuit Simulation|Sparse Linear Solvers|Reasoning Models"
).split("|")
_SETTINGS = (
    "on GPUs|on Edge Devices|on Commodity CPUs|on FPGAs|on Multi-GPU Clusters|across Data Centers|"
    "on RISC-V|on Apple Silicon|on Heterogeneous SoCs|at Scale|under Memory Constraints|"
    "with Disaggregated Memory|over CXL|on TPUs|on Processing-in-Memory Hardware|in the Cloud|"
    "on Chiplets|on Mobile NPUs|with Persistent Memory|on Exascale Supercomputers"
).split("|")
_SETTING_AT_END = re.compile(r"\s+(?:" + "|".join(map(re.escape, _SETTINGS)) + r")$", re.IGNORECASE)
_SUBTITLES = (
    "{adj} {technique} for {workload}",
    "{adj} {technique} for {workload} {setting}",
    "Towards {adj} {workload} {setting}",
    "Rethinking {technique} for {workload}",
    "A Study of {technique} in {workload}",
    "When {technique} Meets {workload}",
    "Characterizing {workload} {setting}",
    "{adj} and {adj2} {technique} {setting}",
    "Why {technique} Is Not Enough for {workload}",
)
_NAME_HEADS = (
    "Flash Turbo Spec Quant Sparse Hyper Meta Deep Fast Lite Stream Tile Warp Mega Nano Omni Poly "
    "Zip Kv Mo Pipe Shard Fuse Swift Echo Atlas Helix Nova Orbit Prism Pulse Quill Sage Tidal "
    "Vortex Zephyr Cascade Ember Granite Lumen"
).split()
_NAME_TAILS = (
    "Serve Infer Train Cache Flow Pilot Mesh Fold Gen Quant Store Sched Kernel Tune Lens Scope "
    "Forge Net DB Sim Graph Link Bench Guard Shift"
).split()
# Aliases are defined in parentheses, as abstracts do; the plugin reads them as topic variants.
_ALIASES = (
    "key-value (KV) cache|mixture-of-experts (MoE)|processing-in-memory (PIM)|"
    "retrieval-augmented generation (RAG)|low-rank adaptation (LoRA)|post-training quantization (PTQ)|"
    "service-level objective (SLO)|time-to-first-token (TTFT)|sparse matrix-vector multiplication (SpMV)|"
    "high-bandwidth memory (HBM)|remote direct memory access (RDMA)|state space model (SSM)"
).split("|")
# Formulas repeat as a field's do: arXiv listings hold 2,882 formulas of which 1,526 are
# distinct (`$n$` 57 times, most once). A few everyday symbols and forms, then a long tail.
_SYMBOLS = "n k d N L p G T x \\alpha \\mu \\sigma \\lambda \\epsilon".split()
_FORMS = (
    "O({v}^{e})|O({v} \\log {v})|O({v} + {w})|O({v} \\cdot {w})|\\mathcal{{O}}({v}^{e} {w})|"
    "\\Theta({v}^{e})|{v}_{{{i}}}|\\mathbb{{R}}^{{{v} \\times {w}}}"
).split("|")
_TAILS = (
    "{v} = {number}|{v} \\approx {decimal}|O({v}^{{{decimal}}})|{v}_{{{i}}} \\leq {number}|"
    "\\mathbb{{R}}^{{{number}}}|{v} \\in [{decimal}, {number}]"
).split("|")
_OPENERS = (
    "{Workload} increasingly depend on {technique_lc}, yet {alias} traffic dominates their cost {setting}.",
    "As {workload_lc} grow, the {alias} becomes the bottleneck {setting}.",
    "Existing systems for {workload_lc} treat {technique_lc} as a fixed pipeline stage, "
    "which wastes memory and compute {setting}.",
    "We revisit {technique_lc} -- a cornerstone of {workload_lc} -- from the perspective of the {alias}.",
)
_CLAIMS = (
    "We present {name}, {a_adj_lc} {technique_lc} system that lowers the cost from {math}.",
    "\\emph{{{name}}} combines {technique_lc} with {a_adj_lc} scheduler and supports up to "
    "${k}$ concurrent tenants.",
    "On {hardware}, {name} improves throughput by ${speedup}\\times$ over the best baseline and "
    "cuts tail latency by {percent}\\%.",
    "\\textbf{{We find}} that {a_adj_lc} policy with $k={k}$ recovers {percent}\\% of the optimum.",
)
_HARDWARE = (
    "NVIDIA H100|AMD MI300X|eight A100 GPUs|a 64-core Arm server|Intel Sapphire Rapids|"
    "an Apple M3 Max|a Jetson Orin|Google TPU v5e|a Versal AI Engine|128 nodes of Frontier"
).split("|")


# A word the writer may put another in place of: lower case, three letters or more, not a
# function word, not in LaTeX (`\\emph{...}`, `\\times`) nor part of a hyphenated or braced
# name.
_CONTENT_WORD = re.compile(r"(?<![\\\w{-])[a-z]{3,}(?![\w}-])")
_FUNCTION_WORDS = frozenset(
    "the and for nor but yet not its our their them they this that these those than then "
    "thus there here with from into onto upon over under about above after again against "
    "along among because before being below between beyond could during either every other "
    "though three through until where which while whose within without would should were "
    "was are has have had been can will may might must shall also both each such only very "
    "more most less much many few all any some own same per via who whom what when why how "
    "one two".split()
)
VARIED = 0.8  # share of a sentence's content words the writer replaces
DISCOUNT = 0.55  # Pitman-Yor discount: distinct words grow as (words written) ** DISCOUNT
CONCENTRATION = 50.0


@dataclass(frozen=True)
class SeedText:
    """What the example listings lend to synthetic papers: title halves and whole sentences."""

    heads: tuple[str, ...]
    subtitles: tuple[str, ...]
    sentences: tuple[str, ...]

    @classmethod
    def read(cls, folder: Path) -> SeedText:
        """Titles and abstracts of every seed entry (the text snapshots' bullets)."""
        heads, subtitles, sentences = [], [], []
        for path in sorted(folder.glob("*.txt")):
            for block in path.read_text(encoding="utf-8").split("\n• ")[1:]:
                lines = [line.strip() for line in block.splitlines() if line.strip()]
                head, colon, subtitle = lines[0].partition(": ")
                if colon:
                    heads.append(head)
                    subtitles.append(subtitle)
                sentences += _complete_sentences(" ".join(lines[2:]))
        return cls(tuple(heads), tuple(subtitles), tuple(sentences))

    def content_words(self) -> list[str]:
        """Every use of a content word in the seed's sentences, repeats included."""
        return [
            word
            for sentence in self.sentences
            for word in _CONTENT_WORD.findall(sentence)
            if word not in _FUNCTION_WORDS
        ]


class Vocabulary:
    """A field's words as its papers use them, so that a larger library has more of them.

    Real text keeps bringing new words: the distinct words of a library grow as a power of
    the words written (Heaps' law), and a few words are used very often, most rarely
    (Zipf's law). A Pitman-Yor process over words does both: a use repeats a known word in
    proportion to its uses less DISCOUNT, or brings a new one with probability
    (CONCENTRATION + DISCOUNT * known) / (CONCENTRATION + uses). It starts from the seed's
    words and counts; a new word blends the start of one seed word with the end of another
    (`sched` + `ression`), as rare in everyday English as a field's own terms are.

    Without it, a library of 10,000 papers recombining the seed's 100 abstracts had 5,600
    distinct words and 26,000 distinct word pairs; with it, 13,800 and 121,000. The seed's
    100 papers have 1,678 and 4,495, and a sample of real arXiv listings grows as
    (words written) ** 0.51 and ** 0.85 from 100 to 1,000 papers, which would give some
    17,000 and 225,000: the pairs still grow more slowly than in that sample, which mixes
    many fields, since the sentences keep their function words and the titles their lists.
    """

    def __init__(self, seed_words: Sequence[str], rng: random.Random) -> None:
        self._rng = rng
        self._uses = list(seed_words)  # one entry per use: a uniform choice is one by uses
        self._counts = Counter(seed_words)
        self._long_words = sorted(word for word in self._counts if len(word) >= 5)  # blend well

    def word(self) -> str:
        """The next use of a word."""
        rng = self._rng
        uses, known = len(self._uses), len(self._counts)
        if rng.random() * (CONCENTRATION + uses) < CONCENTRATION + DISCOUNT * known:
            word = self._new_word()
        else:
            word = self._known_word()
        self._uses.append(word)
        self._counts[word] += 1
        return word

    def _known_word(self) -> str:
        """A known word, in proportion to its uses less DISCOUNT."""
        while True:
            word = self._rng.choice(self._uses)
            count = self._counts[word]
            if self._rng.random() * count < count - DISCOUNT:
                return word

    def _new_word(self) -> str:
        rng = self._rng
        while True:
            start, end = rng.sample(self._long_words, 2)
            word = start[: rng.randint(3, len(start) - 2)] + end[rng.randint(2, len(end) - 3) :]
            if len(word) >= 5 and word not in self._counts:
                return word


def _lower(phrase: str) -> str:
    """A title-case phrase in running text: `Speculative Decoding` -> `speculative decoding`, but
    acronyms and names with inner capitals stay (`KV`, `LLM`, `Multi-GPU` -> `multi-GPU`)."""
    return re.sub(r"[^\W\d_]+", lambda m: m[0] if m[0][1:] != m[0][1:].lower() else m[0].lower(), phrase)


def _complete_sentences(abstract: str) -> list[str]:
    """Sentences that end before the listing's cut, long enough to read as prose."""
    parts = re.split(r"(?<=\.) (?=[A-Z\\])", abstract)
    return [part for part in parts[:-1] if len(part) > 40]


class Writer:
    """Makes unique titles and abstracts, deterministically for a given `rng`."""

    def __init__(self, seed: SeedText, rng: random.Random) -> None:
        self._seed = seed
        self._rng = rng
        self._titles: set[str] = set()
        self._single_word_heads = [head for head in seed.heads if " " not in head]
        self._vocabulary = Vocabulary(seed.content_words(), rng)

    def title(self) -> str:
        """A title no other paper of the library has (compared without case and punctuation,
        since the plugin merges papers with the same title), nor its subtitle, with or
        without its setting: the plugin rightly warns of `MeSH-Net: Why Loop Tiling Is Not
        Enough for Molecular Dynamics` beside `Why Loop Tiling Is Not Enough for Molecular
        Dynamics`, or of `Scalable KV Cache Compression for Genomics Pipelines` beside the
        same `at Scale`, by other authors, as likely one paper (a few such pairs among
        10,000 papers)."""
        while True:
            title = self._candidate_title()
            parts = {title, title.partition(": ")[2]} - {""}
            parts |= {_SETTING_AT_END.sub("", part) for part in parts}
            folded = {re.sub(r"\W+", "", part.casefold()) for part in parts}
            if not folded & self._titles:
                self._titles |= folded
                return title

    def abstract(self, title: str) -> str:
        """Two or three sentences of our own around one or two of the seed's, cut as a listing cuts."""
        head, colon, _ = title.partition(":")
        name = head if colon and " " not in head else "our system"
        fields = self._fields(name)
        sentences = [self._varied(self._rng.choice(_OPENERS)).format(**fields)]
        sentences.append(self._varied(self._rng.choice(_CLAIMS)).format(**fields))
        sentences += map(self._varied, self._rng.sample(self._seed.sentences, self._rng.choice((1, 1, 2))))
        if self._rng.random() < 0.5:
            sentences.append(self._varied(self._rng.choice(_CLAIMS)).format(**self._fields(name)))
        text = " ".join(sentences)
        return text if len(text) <= ABSTRACT_CUT else text[:ABSTRACT_CUT].rstrip() + "…"

    def _varied(self, sentence: str) -> str:
        """The sentence with VARIED of its content words replaced by the vocabulary's next
        words: no sentence of a real library recurs in a quarter of its papers."""
        return _CONTENT_WORD.sub(self._replacement, sentence)

    def _replacement(self, match: re.Match[str]) -> str:
        word = match[0]
        if word in _FUNCTION_WORDS or self._rng.random() >= VARIED:
            return word
        return self._vocabulary.word()

    def _candidate_title(self) -> str:
        rng = self._rng
        subtitle = self._subtitle()
        form = rng.random()
        if form < 0.45:
            return f"{self._system_name()}: {subtitle}"
        if form < 0.75:
            return subtitle
        if form < 0.9:
            return f"{self._system_name()}: {rng.choice(self._seed.subtitles)}"
        return f"{rng.choice(self._single_word_heads)}-{rng.choice(_NAME_TAILS)}: {subtitle}"

    def _subtitle(self) -> str:
        rng = self._rng
        adj, adj2 = rng.sample(_ADJECTIVES, 2)
        return rng.choice(_SUBTITLES).format(
            adj=adj,
            adj2=adj2,
            technique=rng.choice(_TECHNIQUES),
            workload=rng.choice(_WORKLOADS),
            setting=rng.choice(_SETTINGS),
        )

    def _system_name(self) -> str:
        rng = self._rng
        if rng.random() < 0.3:
            letters = "".join(rng.choice("ABCDEFGHIKLMNOPRSTUVWXZ") for _ in range(rng.randint(3, 6)))
            return letters + rng.choice(("", "", "", "-v2", "-X", "++"))
        return rng.choice(_NAME_HEADS) + rng.choice(_NAME_TAILS)

    def _formula(self) -> str:
        """A symbol, a common form (a quarter of the formulas) or one of a long tail of formulas
        with numbers in them, which a library seldom writes twice."""
        rng = self._rng
        v, w = rng.sample(_SYMBOLS, 2)
        parts = {"v": v, "w": w, "e": rng.randint(2, 4), "i": rng.choice("ijkt0123")}
        draw = rng.random()
        if draw < 0.15:
            return f"${v}$"
        if draw < 0.4:
            return "$" + rng.choice(_FORMS).format(**parts) + "$"
        numbers = {"number": rng.randint(2, 4096), "decimal": f"{rng.uniform(0, 10):.2f}"}
        return "$" + rng.choice(_TAILS).format(**parts, **numbers) + "$"

    def _fields(self, name: str) -> dict[str, str]:
        rng = self._rng
        workload = rng.choice(_WORKLOADS)
        adjective = _lower(rng.choice(_ADJECTIVES))
        return {
            "name": name,
            "Workload": workload,
            "workload_lc": _lower(workload),
            "technique_lc": _lower(rng.choice(_TECHNIQUES)),
            "a_adj_lc": f"{'an' if adjective[0] in 'aeiou' else 'a'} {adjective}",
            "alias": rng.choice(_ALIASES),
            "setting": _lower(rng.choice(_SETTINGS)),
            "math": f"{self._formula()} to {self._formula()}",
            "hardware": rng.choice(_HARDWARE),
            "speedup": f"{rng.uniform(1.2, 9.5):.1f}",
            "percent": str(rng.randint(12, 87)),
            "k": str(rng.choice((2, 4, 8, 16, 32, 64)) if rng.random() < 0.5 else rng.randint(3, 1000)),
        }

"""Names of a "prefix" target (prefix_builder.py): the published table where
it holds a whole-name counterpart, else the prefix convention (for MUSA:
rules/sources/MUSA_FACTS.md "Prefixes").

The prefixes and words come from the target data (naming); this module says
how they apply. torch_musa's table was made by substring replacement, so some
of its entries rename letters inside a word (cuComplex -> muComplex is right,
but a `Cu` in the middle of a name is no CUDA prefix): those are rejected.
"""

import re

from rulegen.config import PrefixNaming

# CUDA's two-letter prefixes, which stand for CUDA only at the start of a
# name's piece (inside a word they are letters: `Accumulate`).
SHORT_PREFIXES = ("cu", "CU", "Cu")

# An NVIDIA word at the start of a name (__nv_bfloat16, NV_...).
NV_NAME = re.compile(r"^(__)?(nv|NV)(_)")


class PrefixNames:
    def __init__(self, naming: PrefixNaming):
        self.prefixes = naming.prefixes
        self.words = naming.words
        self.kept_family_prefixes = naming.kept_family_prefixes
        self.word_map = dict(naming.words)

    def by_prefix(self, name):
        """The name by the prefix convention, or None when no CUDA prefix leads."""
        for cuda_prefix, target_prefix in self.prefixes:
            if name.startswith(cuda_prefix):
                return target_prefix + name[len(cuda_prefix):]
        return None

    def by_nv_word(self, name):
        """__nv_bfloat16 -> __mt_bfloat16, or None when no NVIDIA word the naming
        renames leads."""
        match = NV_NAME.match(name)
        if not match or match.group(2) not in self.word_map:
            return None
        return NV_NAME.sub(lambda m: (m.group(1) or "") + self.word_map[m.group(2)] + m.group(3),
                           name)

    def rename_words(self, name):
        """The prefix convention applied to each _-separated word of a name
        (__CUDA_RUNTIME_H__ -> __MUSA_RUNTIME_H__)."""
        def word(w):
            for old, new in self.prefixes:
                if w.startswith(old):
                    return new + w[len(old):]
            return w
        return "_".join(word(w) for w in name.split("_"))

    @staticmethod
    def name_words(name):
        """[(word, whether it starts an _-separated piece)]: make_cuComplex has the
        words make, cu (a piece's first: a prefix) and Complex."""
        words = []
        for piece in name.split("_"):
            found = re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+", piece) or [""]
            words.extend((w, i == 0) for i, w in enumerate(found))
        return words

    def target_word(self, cuda_word, first):
        """The target's spelling of one CUDA word, or None when the word is no CUDA word."""
        for cuda_prefix, target_prefix in self.prefixes + self.words:
            if not cuda_word.startswith(cuda_prefix):
                continue
            if cuda_prefix in SHORT_PREFIXES and not first:
                return None        # `Cu` inside a name: substring-replacement artefact
            return target_prefix + cuda_word[len(cuda_prefix):]
        return None

    def is_whole_name_counterpart(self, cuda, target):
        """True when a table entry renames CUDA words, never letters inside a word."""
        expected = self.by_prefix(cuda)
        if expected == target:
            return True
        cuda_words, target_words = self.name_words(cuda), self.name_words(target)
        if len(cuda_words) != len(target_words):
            return False
        for (c, starts_piece), (m, _) in zip(cuda_words, target_words):
            if c != m and self.target_word(c, starts_piece) != m:
                return False
        return expected is None or target.startswith(expected[:2])

    def rule(self, name, general, rejected, convention_note):
        """(target, check, note) for one CUDA name; a table entry that is no
        whole-name counterpart is added to rejected. convention_note: the note
        of a name the prefix convention gives."""
        table_target = general.get(name)
        if table_target is not None:
            if self.is_whole_name_counterpart(name, table_target):
                return table_target, "musa-table", None
            rejected.append((name, table_target))
        derived = self.by_prefix(name)
        if derived is not None:
            note = convention_note
            if table_target is not None:
                note += " (its entry %s looks like a substring-replacement artefact)" % table_target
            return derived, "musa-prefix-rule", note
        return name, "same-name", None

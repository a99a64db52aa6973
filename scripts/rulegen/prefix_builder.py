"""The "prefix" builder (MUSA): a published name table where it holds a
whole-name counterpart, else CUDA's prefixes renamed (naming.PrefixNames).

Its target data (config.PrefixTarget): `mapping`, the folder of the published
tables (torch_musa's general.json, include.json, dnn-header.json; none: the
prefix convention alone), `naming`, `headers`, `disputed`, `maybe_missing`,
`warp_functions`, `families`, `members` (rules/sources/README.md).

* runtime: the published table, else the prefix convention.
* headers, in order: include.json; dnn-header.json (cuDNN headers:
  unsupported, muDNN being a C++ class API); headers.facts; the runtime's
  internal headers become the runtime umbrella header (headers.runtime_umbrella);
  headers.kept; the prefix convention.
* language: a rule with check musa-table must agree with the published table.
* members: the fields CUDA 13 removed, kept (the target's struct follows
  CUDA's before 13, which has them; no header is published to check).
* families: the names the sources disagree on (disputed) first; else the
  published table when its entry is a whole-name counterpart; else the
  family's naming: "prefix" = the prefix convention (or the family's own
  prefixes), "same" = the name is kept, but for the kept_family_prefixes and
  NVIDIA words (__nv_ -> __mt_), "unsupported" = no counterpart.
* include guards: no SDK is published with its guards, so the guard is derived
  from the CUDA guard of the header with the regular name (cuda_runtime.h ->
  musa_runtime.h: __CUDA_RUNTIME_H__ -> __MUSA_RUNTIME_H__), and the
  portability layer (runtime/include) defines exactly these names.
"""

import os
import re
import sys

from rulegen import headers as cuda_headers, members as cuda_members, sources
from rulegen.config import PrefixFamily
from rulegen.entries import lifecycle, make_entry, ordered
from rulegen.guards import first_guard
from rulegen.naming import PrefixNames
from rulegen.target_builder import TargetBuilder


def warn(message):
    print("gen_rules: " + message, file=sys.stderr)


class PrefixBuilder(TargetBuilder):
    def __init__(self, target, options):
        super().__init__(target, options)
        self.names = PrefixNames(target.naming)
        warp = target.warp_functions
        self.warp_function = re.compile(warp.pattern) if warp else None
        self.tables = None

    def start(self, facts, ledger):
        super().start(facts, ledger)
        mapping = self.target.mapping
        self.tables = sources.load_published_tables(
            os.path.join(self.options.data, mapping) if mapping else None)

    def convention_note(self):
        return ("derived from the %s prefix convention; not in the published table"
                % self.target.display_name)

    # runtime, headers, language, members --------------------------------

    def runtime_entry(self, name, kind, symbol, row):
        status, notes, deprecated, removed = lifecycle(symbol, row, self.facts.cuda_version)
        target, check, note = self.names.rule(name, self.tables.general, self.ledger.rejected,
                                              self.convention_note())
        return make_entry(name, kind, status, target, check, notes + [note], deprecated, removed)

    def header_entries(self, headers):
        cuda_version = self.facts.cuda_version
        out = [self.header_entry(name, *cuda_headers.removal(state, cuda_version))
               for name, state in headers.items()]
        display = self.target.display_name
        for header, target in self.target.headers.files.items():
            if target is None:
                out.append(make_entry(header, "header", "unsupported", None, "none",
                                      ["no %s counterpart is known" % display]))
            else:
                out.append(make_entry(header, "header", "supported", target, "same-name"))
        for folder, target in self.target.headers.folders.items():
            out.append(make_entry(folder, "header", "supported", target,
                                  "same-name" if target == folder else "musa-prefix-rule"))
        return out

    def header_entry(self, name, status, notes, removed):
        headers, tables, display = self.target.headers, self.tables, self.target.display_name
        if name in tables.include:
            return make_entry(name, "header", status, tables.include[name], "musa-table", notes,
                              removed=removed)
        if name in tables.dnn_headers:
            return make_entry(name, "header", "unsupported", None, "none",
                              ["cuDNN is not migratable by renaming: muDNN (%s) is a C++ class "
                               "API" % tables.dnn_headers[name]] + notes, removed=removed)
        if name in headers.facts:
            return make_entry(name, "header", status, headers.facts[name], "musa-prefix-rule",
                              ["not in include.json; the name %s SDKs use" % display] + notes,
                              removed=removed)
        umbrella = headers.runtime_umbrella
        if umbrella and name in umbrella.covers:
            return make_entry(name, "header", status, umbrella.header, "none",
                              ["not in include.json; %s includes what it declares, as "
                               "cuda_runtime.h does in CUDA" % umbrella.header] + notes,
                              removed=removed)
        if name in headers.kept:
            return make_entry(name, "header", status, name, "same-name",
                              [headers.kept[name]] + notes, removed=removed)
        derived = self.names.by_prefix(name)
        if derived:
            return make_entry(name, "header", status, derived, "musa-prefix-rule",
                              ["derived from the %s prefix convention; not in include.json"
                               % display] + notes, removed=removed)
        return make_entry(name, "header", "unsupported", None, "none",
                          [headers.no_counterpart.get(name, "no %s header known" % display)]
                          + notes, removed=removed)

    def language_entry(self, name, kind):
        rule = self.target.language.rule(name)
        if rule.status == "unsupported":
            return make_entry(name, kind, "unsupported", None, "none", [rule.note])
        target = rule.target or name
        check = rule.check or "same-name"
        general = self.tables.general
        if check == "musa-table" and general.get(name) != target:
            warn("%s: language rule %s -> %s is not in the published table (it says %s)"
                 % (self.name, name, target, general.get(name)))
            check = "none"
        return make_entry(name, kind, "supported", target, check, [rule.note])

    def member_entries(self):
        entries = []
        for cuda_struct, fields in sorted(cuda_members.REMOVED_FIELDS.items()):
            cuda_fields = cuda_members.cuda_fields(self.options.cuda_include, cuda_struct) or ()
            for field in fields:
                if field in cuda_fields:
                    continue
                entries.append(make_entry(
                    "%s::%s" % (cuda_struct, field), "variable", "removed", field, "same-name",
                    [cuda_members.removed_note(cuda_struct, field),
                     "kept: %s follows %s before CUDA 13, which has it"
                     % (self.target.members.structs[cuda_struct], cuda_struct)],
                    removed=cuda_members.REMOVED_IN))
        return entries

    # families ------------------------------------------------------------

    def family(self, family):
        return self.target.families.get(family.name, PrefixFamily())

    def namespaces(self, family):
        return self.family(family).namespaces

    def namespace_entry(self, family, namespace):
        target = self.family(family).namespaces.get(namespace)
        if target is None:
            return make_entry(namespace, "namespace", "unsupported", None, "none",
                              ["no %s counterpart is known" % self.target.display_name])
        check = "same-name" if target == namespace else "musa-prefix-rule"
        return make_entry(namespace, "namespace", "supported", target, check)

    def family_entry(self, family, name, kind, symbol, row):
        fam = self.family(family)
        status, notes, deprecated, removed = lifecycle(symbol, row, self.facts.cuda_version)
        if fam.naming == "unsupported":
            return make_entry(name, kind, "unsupported", None, "none",
                              [fam.note] + notes, deprecated, removed)
        target, check, note = self.family_target(fam, name)
        extra = []
        maybe_missing, warp = self.target.maybe_missing, self.target.warp_functions
        if maybe_missing and name in maybe_missing.names:
            extra.append(maybe_missing.note)
        if kind == "function" and warp and self.warp_function.match(name):
            extra.append(warp.note)
        entry = make_entry(name, kind, status, target, check, [note] + extra + notes,
                           deprecated, removed)
        if name in self.target.disputed:
            # Every use is a warning naming the other source's target.
            entry = ordered(dict(entry, disputed=True))
        return entry

    def family_target(self, fam, name):
        """(target, check, note) for one CUDA name of a family the target supports."""
        disputed = self.target.disputed.get(name)
        if disputed is not None:
            return disputed.target, disputed.check, disputed.note
        general = self.tables.general
        if fam.naming == "prefix" and not fam.prefixes:
            return self.names.rule(name, general, self.ledger.rejected, self.convention_note())
        table_target = general.get(name)
        if table_target is not None:
            if self.names.is_whole_name_counterpart(name, table_target):
                return table_target, "musa-table", None
            self.ledger.rejected.append((name, table_target))
        prefixes = self.names.kept_family_prefixes if fam.naming == "same" else fam.prefixes
        for cuda_prefix, prefix in prefixes:
            if name.startswith(cuda_prefix):
                return prefix + name[len(cuda_prefix):], "musa-prefix-rule", \
                    self.convention_note()
        derived = self.names.by_nv_word(name) if fam.naming == "same" else None
        if derived is not None:
            return derived, "musa-prefix-rule", (
                "derived from the %s naming of NVIDIA names (__nv_ -> __mt_); "
                "not in the published table" % self.target.display_name)
        return name, "same-name", None

    # include guards ------------------------------------------------------

    def guard_entries(self, headers):
        cuda_include, display = self.options.cuda_include, self.target.display_name
        guards = {h: first_guard(os.path.join(cuda_include, h)) for h in headers}
        # The guard each target header carries: that of the CUDA header it is
        # the regular rename of (cuda_runtime.h -> musa_runtime.h).
        target_guard = {}
        for header, rule in headers.items():
            target = rule.get("target")
            if target and guards.get(header) and self.names.rename_words(header) == target:
                target_guard[target] = self.names.rename_words(guards[header])
        entries = []
        for header, rule in sorted(headers.items()):
            guard = guards.get(header)
            if not guard:
                continue
            entry = {"cuda": guard, "kind": "macro"}
            target = rule.get("target")
            if target and target in target_guard:
                same = target_guard[target] == guard
                entry.update(status="supported", target=target_guard[target],
                             note=(f"include guard of {header}; the {display} SDK's guards are "
                                   f"not published: {target_guard[target]} follows the naming "
                                   f"of {target}, and runtime/include defines it"),
                             check="same-name" if same else "musa-prefix-rule")
            else:
                entry.update(status="unsupported",
                             note=(f"include guard of {header}; no {display} header with a "
                                   "known guard replaces it"),
                             check="none")
            entries.append(entry)
        return entries

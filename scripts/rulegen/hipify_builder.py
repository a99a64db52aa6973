"""The "hipify" builder (HIP): the names HIPIFY's tables give (the rows
families.py names), each checked against the installed HIP headers and
hipcc (hip_scan.py), and dated by the HIP versions HIPIFY records.

Its target data (config.HipifyTarget): `version`, `compiler`, `scan`,
`headers`, `families`, `members`, `calls`, `overloads`, `warp`, `helpers`
(rules/sources/README.md).

* runtime: the HIPIFY row of the name (driver_types.h declares driver-style
  names such as CUstream_st, and library_types.h declares cudaDataType, which
  HIPIFY lists under cuBLAS), its HIP name checked against the HIP headers; a
  name without a CUDA prefix (dim3, float4, __host__) is kept where they
  declare it.
* headers: headers.map, after HIPIFY's conventions; a target header must exist
  under the installed include folder, unless its library is one Debian does
  not ship (headers.unshipped_libraries: HIPIFY's name, check hipify-table) or
  one that keeps CUDA's names (headers.same_name_libraries: check hip-library).
* language: a target is kept only where hipcc predefines it (verify
  hip-compiler) or the installed HIP headers declare it (the default).
* members: the members of a CUDA struct the HIP struct it migrates to lacks,
  and the cooperative-groups methods HIP's classes lack.
* families: each HIP name confirmed by the installed HIP headers (check
  hip-headers) or, for a library Debian does not ship, taken from the table
  (check hipify-table); a name no table maps is kept when the HIP headers
  declare it ("declared") or the ROCm library keeps CUDA's names ("library",
  check hip-library).
* then calls.py and helpers.py rewrite entries of every table.
* include guards: the guard the installed HIP header really uses; where the
  CUDA header has no HIP counterpart, the guard is unsupported too.
"""

import os
import re

from rulegen import calls, headers as cuda_headers, helpers, hip_scan, hipify, \
    members as cuda_members
from rulegen.config import Rule
from rulegen.entries import Source, add_source, lifecycle, make_entry, ordered, sourced
from rulegen.guards import first_guard
from rulegen.target_builder import TargetBuilder

# CUDA's prefixes: a name without one (dim3, float4, __host__) keeps its name on HIP.
CUDA_PREFIXES = ("cuda", "CUDA", "cu", "CU")


class HipifyBuilder(TargetBuilder):
    def start(self, facts, ledger):
        super().start(facts, ledger)
        hip_include = self.options.hip_include
        self.version = hip_scan.hip_version(hip_include, self.target.version)
        self.declared = hip_scan.scan(self.target, hip_include, self.options.hipcc)

    def sources(self):
        return self.target.sources.format(cuda=self.facts.cuda_version, hip=self.version)

    def declared_kinds(self, row, family_name):
        declared = self.declared.runtime if family_name == "runtime" else self.declared.libraries
        return declared.get(row.get("hip", ""), set())

    def unsupported(self, name, kind, life, why, source=None):
        status, notes, deprecated, removed = life
        return make_entry(name, kind, "unsupported", None, "none", sourced(why, source) + notes,
                          deprecated, removed)

    def undeclared(self, name, kind, life, hip_name):
        return self.unsupported(
            name, kind, life, "no HIP version is known to declare %s" % hip_name,
            "HIPIFY maps it to %s but dates that to no HIP version, and the installed HIP %s "
            "headers do not declare it" % (hip_name, self.version))

    # runtime, headers, language, members --------------------------------

    def runtime_entry(self, name, kind, symbol, row):
        life = lifecycle(symbol, row, self.facts.cuda_version)
        status, notes, deprecated, removed = life
        declared = self.declared.runtime
        hip_name = (row or {}).get("hip", "")
        if row is None and not name.startswith(CUDA_PREFIXES) and not name.startswith("make_cuda"):
            if name in declared:
                return make_entry(name, kind, status, name, "hip-headers", notes, deprecated,
                                  removed)
            return self.unsupported(name, kind, life,
                                    "no HIP version is known to declare %s" % name,
                                    "the installed HIP %s headers do not declare it, and no "
                                    "HIPIFY table maps it" % self.version)
        if not hip_name:
            if row is not None:
                return self.unsupported(name, kind, life, "no HIP equivalent",
                                        "HIPIFY's table maps it to no HIP name")
            return self.unsupported(name, kind, life, "no known HIP equivalent",
                                    "not in the HIPIFY tables")
        if hip_name not in declared and not row.get("hip_added"):
            return self.undeclared(name, kind, life, hip_name)
        return hipify.mapped_entry(name, kind, status, row, declared, self.version, notes,
                                   deprecated, removed)

    def header_entries(self, headers):
        cuda_version = self.facts.cuda_version
        out = [self.header_entry(name, *cuda_headers.removal(state, cuda_version))
               for name, state in headers.items()]
        hip_headers = self.target.headers
        for header, rule in list(hip_headers.files.items()) + list(hip_headers.folders.items()):
            if rule.target is None:
                out.append(make_entry(header, "header", "unsupported", None, "none",
                                      sourced(rule.note, rule.source)))
            else:
                out.append(make_entry(header, "header", "supported", rule.target, rule.check,
                                      sourced(rule.note, rule.source)))
        return out

    def header_entry(self, name, status, notes, removed):
        headers, system_include = self.target.headers, self.options.system_include
        target = headers.map.get(name)
        if target is None:
            return make_entry(name, "header", "unsupported", None, "none",
                              [headers.no_counterpart.get(name, "no HIP equivalent")]
                              + notes, removed=removed)
        stem = target.split("/")[0].split(".")[0]
        installed = os.path.isfile(os.path.join(system_include, target))
        if not installed and stem in headers.same_name_libraries:
            library = headers.same_name_libraries[stem]
            return make_entry(name, "header", status, target, "hip-library",
                              ["%s keeps %s's names" % (library.library, library.keeps),
                               Source("%s is not shipped by Debian, so this is not compiled here"
                                      % library.library)] + notes,
                              removed=removed)
        if not installed:
            library = headers.unshipped_libraries.get(stem)
            if library is None:
                return make_entry(name, "header", "unsupported", None, "none",
                                  ["%s is not installed under %s" % (target, system_include)]
                                  + notes, removed=removed)
            # A library Debian does not ship: its names come from the HIPIFY
            # tables (check hipify-table), so its header does too.
            entry = make_entry(name, "header", status, target, "hipify-table",
                               [Source("%s is not shipped by Debian, so this is not compiled "
                                       "here" % library)] + notes, removed=removed)
            return self.with_move(entry, headers.moved.get(name))
        entry = make_entry(name, "header", status, target, "hip-headers", notes, removed=removed)
        if target in headers.include_first:
            entry["include_first"] = list(headers.include_first[target])
            entry = ordered(entry)
        return self.with_move(entry, headers.moved.get(name))

    def with_move(self, entry, moved):
        """The entry, and where a later HIP keeps what its target declares."""
        if moved is None:
            return entry
        entry["note"] = "; ".join(n for n in (entry.get("note"), "%s moved it to %s" % (
            self.target.display_name + " " + moved.version, moved.target)) if n)
        add_source(entry, moved.source)
        entry["hip_moved"] = moved.version
        entry["moved_target"] = moved.target
        return ordered(entry)

    def language_entry(self, name, kind):
        rule = self.target.language.rule(name)
        if rule.status == "unsupported":
            return make_entry(name, kind, "unsupported", None, "none", [rule.note])
        target = rule.target or name
        verify = rule.verify or "hip-declared"
        if verify == "hip-compiler":
            known, where = target in self.declared.macros, "hipcc's predefined macros"
        else:
            known = target in self.declared.runtime
            where = "the installed HIP %s headers" % self.version
        if not known:
            return make_entry(name, kind, "unsupported", None, "none",
                              sourced("no HIP version is known to define %s" % target,
                                      "%s is not among %s" % (target, where)))
        entry = make_entry(name, kind, "supported", target, "hip-headers", [rule.note])
        if rule.defined_tests_only:
            entry = ordered(dict(entry, defined_tests_only=True))
        return entry

    def member_entries(self):
        return self.struct_member_entries() + self.cooperative_group_entries()

    def struct_member_entries(self):
        entries, removed_in = [], cuda_members.REMOVED_IN
        for cuda_struct, counterpart in sorted(self.target.members.structs.items()):
            hip_struct = counterpart.struct
            cuda_fields = cuda_members.cuda_fields(self.options.cuda_include, cuda_struct) or ()
            path = os.path.join(self.options.system_include, counterpart.header)
            with open(path, encoding="utf-8") as f:
                hip_fields = set(cuda_members.struct_fields(f.read(), hip_struct) or ())
            for field in cuda_fields:
                if field not in hip_fields:
                    entries.append(make_entry(
                        "%s::%s" % (cuda_struct, field), "variable", "unsupported", None, "none",
                        self.lacks_member(hip_struct, field)))
            for field in cuda_members.REMOVED_FIELDS.get(cuda_struct, ()):
                if field in cuda_fields:
                    continue
                name, note = "%s::%s" % (cuda_struct, field), \
                    cuda_members.removed_note(cuda_struct, field)
                if field in hip_fields:
                    entries.append(make_entry(name, "variable", "removed", field, "hip-headers",
                                              [note], removed=removed_in))
                else:
                    entries.append(make_entry(
                        name, "variable", "unsupported", None, "none",
                        [note] + self.lacks_member(hip_struct, field), removed=removed_in))
        return entries

    def cooperative_group_entries(self):
        path = os.path.join(self.options.system_include,
                            self.target.members.cooperative_groups_header)
        with open(path, encoding="utf-8") as f:
            hip_cg = f.read()
        return [make_entry("%s::%s" % (cls, method), "function", "unsupported", None, "none",
                           sourced("no HIP version is known to give cooperative groups %s"
                                   % method,
                                   "the installed HIP %s headers' cooperative groups have no %s"
                                   % (self.version, method)))
                for cls, method in cuda_members.CG_METHODS
                if not re.search(r"\b%s\b" % method, hip_cg)]

    def lacks_member(self, hip_struct, field):
        return sourced("no HIP version is known to give %s a member %s" % (hip_struct, field),
                       "the installed HIP %s headers' %s has no member %s"
                       % (self.version, hip_struct, field))

    # families ------------------------------------------------------------

    def namespaces(self, family):
        return self.target.families[family.name].namespaces

    def namespace_entry(self, family, namespace):
        rule = self.target.families[family.name].namespaces.get(namespace, Rule())
        if rule.target is None:
            return make_entry(namespace, "namespace", "unsupported", None, "none",
                              sourced(rule.note or "no HIP counterpart", rule.source))
        return make_entry(namespace, "namespace", "supported", rule.target, rule.check,
                          sourced(rule.note, rule.source))

    def family_entry(self, family, name, kind, symbol, row):
        fam = self.target.families[family.name]
        life = lifecycle(symbol, row, self.facts.cuda_version)
        status, notes, deprecated, removed = life
        declared = self.declared.libraries
        source = fam.header_sources.get(symbol.header, fam.source) if symbol else fam.source
        library = Source(source) if source else None
        hip_name = (row or {}).get("hip", "")
        if row is not None and not hip_name:
            return self.unsupported(name, kind, life, "no HIP equivalent",
                                    "HIPIFY's table maps it to no HIP name")
        if hip_name and name in fam.not_equivalent:
            return self.unsupported(name, kind, life, fam.not_equivalent[name] % hip_name)
        if hip_name and kind == "function" and fam.same_parameters is not None \
                and name not in fam.same_parameters:
            return self.unsupported(name, kind, life, "%s takes other parameters than %s "
                                    "(order or count): port the call by hand" % (hip_name, name))
        if row is None:
            return self.unmapped_entry(fam, name, kind, life, library)
        if fam.check == "hipify-table":
            return hipify.mapped_entry(name, kind, status, row, declared, self.version, notes,
                                       deprecated, removed, library_source=library)
        if hip_name not in declared and not row.get("hip_added"):
            return self.undeclared(name, kind, life, hip_name)
        return hipify.mapped_entry(name, kind, status, row, declared, self.version, notes,
                                   deprecated, removed)

    def unmapped_entry(self, fam, name, kind, life, library):
        """The entry of a family's name no HIPIFY table maps."""
        status, notes, deprecated, removed = life
        if name in fam.library_names:
            return make_entry(name, kind, status, fam.library_names[name], "hip-library",
                              [fam.library_note, library] + notes, deprecated, removed)
        if fam.same == "declared":
            if name in self.declared.libraries:
                return make_entry(name, kind, status, name, "hip-headers", notes,
                                  deprecated, removed)
            return self.unsupported(name, kind, life,
                                    "no HIP version is known to declare %s" % name,
                                    "the installed HIP %s headers do not declare it, and no "
                                    "HIPIFY table maps it" % self.version)
        if fam.same == "library":
            return make_entry(name, kind, status, name, "hip-library",
                              [fam.missing, library] + notes, deprecated, removed)
        if fam.missing:
            return self.unsupported(name, kind, life, fam.missing, library)
        return self.unsupported(name, kind, life, "no known HIP equivalent",
                                "not in the HIPIFY tables")

    def finish(self, tables):
        calls.apply(tables, self.target, self.declared.runtime | self.declared.libraries,
                    self.version)
        helpers.apply(tables, self.target)

    # include guards ------------------------------------------------------

    def guard_entries(self, headers):
        entries = []
        for header, rule in sorted(headers.items()):
            guard = first_guard(os.path.join(self.options.cuda_include, header))
            if not guard:
                continue
            entry = {"cuda": guard, "kind": "macro"}
            target_guard = None
            if rule.get("target"):
                target_guard = first_guard(os.path.join(self.options.system_include,
                                                        rule["target"]), whole_file=False)
            if target_guard:
                entry.update(status="supported", target=target_guard,
                             note=f"include guard of {header}; {rule['target']} defines "
                                  f"{target_guard}",
                             check="hip-headers")
            else:
                entry.update(status="unsupported",
                             note=f"include guard of {header}, whose HIP counterpart's guard "
                                  "is not known",
                             source="no installed HIP header stands for it",
                             check="none")
            entries.append(entry)
        return entries

"""rules/<target>/hazards/inline-asm.json, the PTX table each target's
translation of inline assembly reads, and docs/api/ptx.md, from the one source
rules/sources/ptx/instructions.json (its "description" says how it is written).

Families of the source expand into forms: "types" (the form's type last),
"modifiers" (between the opcode and the type), "pairs" (cvt's destination and
source types), "spaces" (state spaces) and "ops" (an atomic's operation, type
and the target's function).
"""

import json
import os
import re

SOURCE = os.path.join("ptx", "instructions.json")
TARGETS = ("musa", "hip")
CXX = {"pred": "bool", "u8": "unsigned char", "s8": "signed char", "b8": "unsigned char",
       "u16": "unsigned short", "s16": "short", "b16": "unsigned short",
       "u32": "unsigned", "s32": "int", "b32": "unsigned",
       "u64": "unsigned long long", "s64": "long long", "b64": "unsigned long long",
       "f16": "unsigned short", "bf16": "unsigned short", "f16x2": "unsigned",
       "bf16x2": "unsigned", "f32": "float", "f64": "double"}
UNSIGNED = {"s8": "u8", "s16": "u16", "s32": "u32", "s64": "u64"}
VECTOR = re.compile(r"^(v[0-9]+)\.")


def load(data):
    with open(os.path.join(data, SOURCE), encoding="utf-8") as f:
        return json.load(f)


def _fill(template, values):
    for key, value in values.items():
        template = template.replace("{%s}" % key, value)
    return template


def _variants(entry):
    """(form, operand types, memory type, placeholders) of each form of entry."""
    op = entry["op"]
    if "pairs" in entry:
        for d, s in entry["pairs"]:
            types = [{"D": d, "S": s}.get(t, t) for t in entry["operands"]]
            yield "%s.%s.%s" % (op, d, s), types, "", {"D": CXX[d], "S": CXX[s]}
        return
    spaces = entry.get("spaces", [None])
    for space in spaces:
        head = op if space is None else ".".join(p for p in (op, space) if p)
        address = "saddr" if space == "shared" else "addr"
        if "ops" in entry:
            for name, t, function in entry["ops"]:
                types = [{"T": t, "ADDR": address}.get(x, x) for x in entry["operands"]]
                yield "%s.%s.%s" % (head, name, t), types, t, {"F": function}
            continue
        for modifier in entry.get("modifiers", [""]):
            stem = ".".join(p for p in (head, modifier) if p)
            for t in entry.get("types", [None]):
                form = stem if t is None else "%s.%s" % (stem, t)
                types = [t if x == "T" else x for x in entry["operands"]]
                values = {}
                if t in CXX:
                    values = {"T": CXX[t], "U": CXX[UNSIGNED.get(t, t)],
                              "SIGNED": "true" if t.startswith("s") else "false"}
                memory = t if entry.get("memory") == "T" else entry.get("memory", "")
                yield form, types, memory, values


def _template(entry, target, key):
    """The entry's template for target (its own, else the shared one); None if none."""
    own = entry.get(target, entry.get(key))
    return own


def _shape(types):
    """"/s,v2" where an operand is a vector ("v2.b32": two .b32 in braces), which
    the translator looks up by its operands' shape; "" where none is."""
    if not any(VECTOR.match(t) for t in types):
        return ""
    return "/" + ",".join(VECTOR.match(t).group(1) if VECTOR.match(t) else "s" for t in types)


def instructions(source, target):
    """{form: entry} of target's table."""
    out = {}
    lane = source["lane"]
    for entry in source["instructions"]:
        key = next(k for k in ("statement", "values", "value") if k in entry)
        template = _template(entry, target, key)
        if template is None:
            continue
        for form, types, memory, values in _variants(entry):
            form += _shape(types)
            if form in out:
                # Another arity of a form: "form/N" (N operands).
                form = "%s/%d" % (form, len(types))
            if form in out:
                raise ValueError("%s: %s twice" % (SOURCE, form))
            fill = {**values, "LANE": lane}
            row = {"types": types, key: [_fill(t, fill) for t in template]
                   if isinstance(template, list) else _fill(template, fill)}
            if memory:
                row["memory"] = memory
            if entry.get("note"):
                row["note"] = entry["note"]
            row["source"] = "PTX ISA: " + entry["source"]
            out[form] = row
    return out


def special_registers(source, target):
    out = {}
    for entry in source["special_registers"]:
        value = entry.get(target, entry["value"])
        if value is not None:
            out[entry["name"]] = {"type": entry["type"],
                                  "value": _fill(value, {"LANE": source["lane"]}),
                                  "source": "PTX ISA: " + entry["source"]}
    return out


def documents(data, targets):
    """{relative path: document} of each target the source describes."""
    path = os.path.join(data, SOURCE)
    if not os.path.exists(path):
        return {}
    source = load(data)
    out = {}
    for target in targets:
        if target.name not in source["routes"]:
            continue
        out["%s/hazards/inline-asm.json" % target.name] = {
            "target": target.name,
            "description": "Inline PTX that musify rewrites as C++ for %s (generated from "
                           "rules/sources/ptx/instructions.json; docs/api/ptx.md)" % target.name,
            "hint_modifiers": source["hint_modifiers"],
            "hint_note": source["hint_note"],
            "hints_with_operand": source["hints_with_operand"],
            "shared_address_functions": source["shared_address_functions"],
            "memory_orders": {k: v for k, v in source["memory_orders"].items()
                              if k != "description"},
            "routes": source["routes"][target.name],
            "special_registers": special_registers(source, target.name),
            "instructions": instructions(source, target.name)}
    return out


def _cell(text):
    return "`%s`" % text.replace("|", "\\|") if text else "—"


def page(rules_dir):
    """docs/api/ptx.md: each form and what it becomes on each target; None
    where no target has a PTX table."""
    tables = {}
    for target in sorted(os.listdir(rules_dir)):
        path = os.path.join(rules_dir, target, "hazards", "inline-asm.json")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                tables[target] = json.load(f)
    if not tables:
        return None
    names = sorted(tables)
    orders = tables[names[0]]["memory_orders"]
    lines = ["# Inline PTX: what each instruction becomes", "",
             "Generated from `rules/<target>/hazards/inline-asm.json` (written from",
             "`rules/sources/ptx/instructions.json` by `scripts/gen_rules.py`); how the",
             "translation reads `asm` statements is in [../ptx.md](../ptx.md). `{N}` is the",
             "instruction's operand N; an address operand is the memory it names.", "",
             "## Special registers", "",
             "| register | type | %s | source |" % " | ".join(names),
             "|---|---|%s---|" % ("---|" * len(names))]
    registers = sorted({r for t in tables.values() for r in t["special_registers"]})
    for register in registers:
        rows = [tables[n]["special_registers"].get(register) for n in names]
        known = next(r for r in rows if r)
        lines.append("| `%s` | %s | %s | %s |" % (
            register, known["type"], " | ".join(_cell(r["value"] if r else "") for r in rows),
            known["source"]))
    lines += ["", "## Instructions", "",
              "Cache hints (%s) are dropped (%s with its operand, the last); `.v2` and "
              "`.v4` loads and stores become one access per element." % (", ".join(
                  "`.%s`" % h for h in tables[names[0]]["hint_modifiers"]), ", ".join(
                  "`.%s`" % h for h in tables[names[0]]["hints_with_operand"])),
              "The orders %s of %s and their scopes (%s) are read apart: %s makes the "
              "access volatile; each order puts the fence of its scope before (release) or "
              "after (acquire) the access, or both (acq_rel); atomics of a scope other than "
              "%s are not translated." % (
                  ", ".join("`.%s`" % o for o in orders["orders"]),
                  ", ".join("`%s`" % o for o in orders["opcodes"]),
                  ", ".join("`.%s`: `%s`" % s for s in orders["scopes"].items()),
                  "each order but `.weak` on " + " or ".join(
                      "`%s`" % o for o in orders["volatile_opcodes"]),
                  " and ".join("`.%s`" % s for s in orders["device_scopes"])), "",
              "| form | operand types | %s | source |" % " | ".join(names),
              "|---|---|%s---|" % ("---|" * len(names))]
    forms = sorted({f for t in tables.values() for f in t["instructions"]})
    for form in forms:
        rows = [tables[n]["instructions"].get(form) for n in names]
        known = next(r for r in rows if r)
        cells = [_cell((r.get("value") or "; ".join(r.get("values", [])) or
                        r.get("statement", "")) if r else "") for r in rows]
        lines.append("| `%s` | %s | %s | %s |" % (
            form, " ".join(known["types"]) or "—", " | ".join(cells), known["source"]))
    lines += ["", "## Left to a person", "",
              "| opcode | %s |" % " | ".join(names), "|---|%s" % ("---|" * len(names))]
    opcodes = sorted({o for t in tables.values() for o in t["routes"]})
    for opcode in opcodes:
        lines.append("| `%s` | %s |" % (opcode, " | ".join(
            tables[n]["routes"].get(opcode, "—") for n in names)))
    return "\n".join(lines) + "\n"

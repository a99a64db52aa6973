"""Reading C and C++ header text without a compiler.

DeclarationScanner is a token-level reader that finds the identifiers a tree
of headers declares. The HIP headers are read with it (no HIP compiler front
end is needed), and so is the whole CUDA SDK where only "which header declares
this name" matters: Clang would need a translation unit per header.
"""

import os
import re

from musifypy import c_text

IDENTIFIER = re.compile(r"^[A-Za-z_]\w*$")

# String, identifier, number, operator; whitespace matches nothing, so findall
# skips it.
TOKEN = re.compile(
    r"\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|[A-Za-z_]\w*"
    r"|\.?\d(?:[eEpP][+-]|[\w.])*|::|->|##|\.\.\.|\S")


def strip_comments(text):
    """Replace comments by blanks (keeping newlines) and join continued lines."""
    return c_text.without_comments(text.replace("\\\n", " "), keep_lines=True)


def tokenize(text):
    """C tokens of comment-free text, whitespace dropped."""
    return TOKEN.findall(text)


def is_identifier(token):
    return bool(IDENTIFIER.match(token))


NOT_DECLARATORS = frozenset((
    "return", "if", "while", "for", "switch", "sizeof", "alignof", "decltype",
    "alignas", "__attribute__", "__declspec", "noexcept", "throw", "static_assert",
    "defined", "case", "new", "delete", "operator", "else", "do", "typeid",
    "__launch_bounds__", "static_cast", "reinterpret_cast", "const_cast",
    "dynamic_cast", "typename", "template", "using", "typedef", "goto",
))
TYPE_TAGS = frozenset(("struct", "union", "class", "enum"))


class DeclarationScanner:
    """Collects identifiers that headers declare, with the kind seen.

    A token-level reader, not a compiler: `#define NAME`; `struct|union|class|enum
    NAME` when it is defined, forward-declared or named by a typedef; `} NAME;`
    after a typedef'd body; typedef and `using NAME =` names;
    enumerators inside enum bodies; and at namespace scope the declarator of a
    function (`type NAME(`) or variable (`type NAME =|;|{|[`). Preprocessor
    branches are all read, each from the brace state at its `#if`. Names made by
    token pasting in a declaring macro (`make_##type`) are expanded at every use
    of that macro.
    """

    def __init__(self, skipped_dirs=frozenset()):
        self.skipped_dirs = skipped_dirs   # folder names scan_tree does not enter
        self.declared = {}
        self.origin = {}        # name -> label of the first file declaring it
        self.paste_macros = {}  # macro -> [(parameter index, prefix, suffix)]
        self.label = None

    def note(self, name, kind):
        if is_identifier(name):
            self.declared.setdefault(name, set()).add(kind)
            self.origin.setdefault(name, self.label)

    def scan_file(self, path, label):
        self.label = label
        with open(path, errors="replace") as f:
            self.scan_text(strip_comments(f.read()))

    # ---- files and directives
    def scan_tree(self, root):
        seen = set()
        for directory, subdirs, files in os.walk(root, followlinks=False):
            subdirs[:] = sorted(d for d in subdirs if d not in self.skipped_dirs)
            for file_name in sorted(files):
                path = os.path.realpath(os.path.join(directory, file_name))
                if path in seen or not re.search(r"\.(h|hpp|inl)$", file_name):
                    continue
                seen.add(path)
                self.scan_file(path, os.path.relpath(path, os.path.realpath(root)))
        return self.declared

    def scan_text(self, text):
        code = []
        for line in text.split("\n"):
            stripped = line.strip()
            if stripped.startswith("#"):
                code.append(("#", stripped))
            else:
                code.extend(("t", token) for token in tokenize(line))
        self.scan_tokens(code)

    def read_define(self, directive):
        match = re.match(r"#\s*define\s+([A-Za-z_]\w*)(\(([^)]*)\))?(.*)$", directive)
        if not match:
            return
        self.note(match.group(1), "macro")
        if match.group(2) is None:
            return
        params = [p.strip() for p in match.group(3).split(",")]
        body = match.group(4)
        templates = []
        for left, right in re.findall(r"(\w+)\s*##\s*(\w+)", body):
            if right in params and left not in params:
                templates.append((params.index(right), left, ""))
            elif left in params and right not in params:
                templates.append((params.index(left), "", right))
        if templates:
            self.paste_macros[match.group(1)] = templates

    # ---- code
    def scan_tokens(self, items):
        scopes = []          # 'ns' | 'enum' | 'class' | 'block'
        saved = []           # brace state at each #if
        statement = []       # tokens of the current namespace-scope statement
        enum_expect = False  # next identifier in an enum body is an enumerator
        tokens = [value for tag, value in items if tag == "t"]
        t_index = 0          # position in tokens (for look-ahead)
        for tag, value in items:
            if tag == "#":
                directive = re.sub(r"^#\s*", "#", value)
                if directive.startswith("#define"):
                    self.read_define(directive)
                elif re.match(r"#if", directive):
                    saved.append(list(scopes))
                elif re.match(r"#el", directive) and saved:
                    scopes = list(saved[-1])
                elif directive.startswith("#endif") and saved:
                    saved.pop()
                continue
            token = value
            following = tokens[t_index + 1] if t_index + 1 < len(tokens) else ""
            t_index += 1
            at_ns = scopes.count("ns") == len(scopes)
            top = scopes[-1] if scopes else "ns"

            if token in self.paste_macros and following == "(":
                self.expand_paste(tokens, t_index)
            if token in TYPE_TAGS and top != "block":
                tag, after = self.tag_name(tokens, t_index)
                # A definition, a forward declaration, or a tag a typedef introduces;
                # not a mere mention such as a member `struct X *p;`.
                if tag and (after in ("{", ";", ":", "final")
                            or (at_ns and "typedef" in statement)):
                    self.note(tag, "type")

            if token == "{":
                kind = self.brace_kind(statement if at_ns else None, tokens, t_index - 1)
                if at_ns and kind == "function":
                    self.analyze_statement(statement)
                    statement = []
                    kind = "block"
                elif at_ns and kind == "ns":
                    statement = []
                elif at_ns:
                    statement.append("{}")
                scopes.append(kind)
                enum_expect = kind == "enum"
                continue
            if token == "}":
                if scopes:
                    closed = scopes.pop()
                    if closed in ("class", "enum") and is_identifier(following):
                        after = tokens[t_index + 1] if t_index + 1 < len(tokens) else ""
                        if after in (";", ",") and self.typedef_pending(statement):
                            self.note(following, "type")
                    if closed == "ns":
                        statement = []
                enum_expect = False
                continue
            if top == "enum":
                if enum_expect and is_identifier(token):
                    self.note(token, "enumerator")
                    enum_expect = False
                elif token == ",":
                    enum_expect = True
                continue
            if not at_ns:
                continue
            if token == ";":
                self.analyze_statement(statement)
                statement = []
            else:
                statement.append(token)

    @staticmethod
    def tag_name(tokens, start):
        """(tag, token after it) for `struct [attributes] NAME`; tokens[start] follows
        the keyword. The last identifier of the run is the name: attribute macros
        (`struct __HIP_TEXTURE_ATTRIB texture`) come before it."""
        index, name = start, None
        if index < len(tokens) and tokens[index] in ("class", "struct"):   # enum class
            index += 1
        while index < len(tokens):
            token = tokens[index]
            if token in ("__attribute__", "alignas", "__declspec") and \
                    index + 1 < len(tokens) and tokens[index + 1] == "(":
                depth = 0
                for index in range(index + 1, len(tokens)):
                    depth += tokens[index] == "("
                    depth -= tokens[index] == ")"
                    if depth == 0:
                        break
                index += 1
                continue
            if not is_identifier(token) or token in TYPE_TAGS or token == "final":
                break
            name = token
            index += 1
        return name, tokens[index] if index < len(tokens) else ""

    @staticmethod
    def typedef_pending(statement):
        return "typedef" in statement

    def brace_kind(self, statement, tokens, brace_index):
        """What a '{' opens, judged from the statement head before it."""
        head = self.strip_template_header(statement if statement is not None else [])
        previous = tokens[brace_index - 1] if brace_index > 0 else ""
        if statement is not None:
            if "namespace" in head or (head[-2:-1] == ["extern"] and head[-1:] and
                                       head[-1].startswith('"')):
                return "ns"
        if previous == "=" or previous == "return":
            return "block"
        first_tag = next((t for t in head if t in TYPE_TAGS), None)
        if first_tag == "enum" and "(" not in head:
            return "enum"
        if first_tag is not None and "(" not in head:
            return "class"
        if statement is not None and previous in (")", "const", "override", "noexcept",
                                                  "final") and "(" in head:
            return "function"
        if statement is not None and "(" in head and previous not in ("=",) and \
                is_identifier(previous) and ")" in head:
            return "function"   # `) __attribute__(..) {` and macro-decorated bodies
        return "block"

    def expand_paste(self, tokens, start):
        """Names pasted by a declaring macro at a use `MACRO(args)`."""
        depth, args, current = 0, [], []
        for token in tokens[start:]:
            if token == "(":
                depth += 1
                if depth == 1:
                    continue
            elif token == ")":
                depth -= 1
                if depth == 0:
                    args.append(current)
                    break
            elif token == "," and depth == 1:
                args.append(current)
                current = []
                continue
            current.append(token)
        for index, prefix, suffix in self.paste_macros[tokens[start - 1]]:
            if index < len(args) and len(args[index]) == 1 and is_identifier(args[index][0]):
                self.note(prefix + args[index][0] + suffix, "function" if prefix else "type")

    def analyze_statement(self, statement):
        """Declared names of one namespace-scope declaration."""
        tokens = self.strip_template_header(statement)
        if not tokens:
            return
        if tokens[0] == "using" and len(tokens) > 2 and tokens[2] == "=":
            self.note(tokens[1], "type")
            return
        if "typedef" in tokens:
            self.note_typedef_names(tokens)
            return
        depth = 0
        for index, token in enumerate(tokens):
            if token in ("(", "["):
                depth += 1
            elif token in (")", "]"):
                depth -= 1
            if depth != 0 or not is_identifier(token) or token in NOT_DECLARATORS:
                continue
            previous = tokens[index - 1] if index else ""
            following = tokens[index + 1] if index + 1 < len(tokens) else ";"
            typed = (is_identifier(previous) and previous not in NOT_DECLARATORS
                     and previous not in TYPE_TAGS) or previous in ("*", "&", ">", "&&")
            if not typed:
                continue
            if following == "(":
                self.note(token, "function")
                return
            if following in ("=", ";", "{}", "[", ","):
                self.note(token, "variable")
                return

    @staticmethod
    def strip_template_header(tokens):
        while tokens and tokens[0] == "template" and len(tokens) > 1 and tokens[1] == "<":
            depth = 0
            for index, token in enumerate(tokens[1:], 1):
                depth += token == "<"
                depth -= token == ">"
                if depth == 0:
                    tokens = tokens[index + 1:]
                    break
            else:
                return []
        return tokens

    def note_typedef_names(self, tokens):
        for index, token in enumerate(tokens):
            if not is_identifier(token) or token in NOT_DECLARATORS:
                continue
            previous = tokens[index - 1] if index else ""
            following = tokens[index + 1] if index + 1 < len(tokens) else ";"
            if previous == "*" and index >= 2 and tokens[index - 2] == "(" and following == ")":
                self.note(token, "type")          # typedef R (*NAME)(...)
            elif following in (";", ",", "[") and previous not in ("(", ","):
                self.note(token, "type")

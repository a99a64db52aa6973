"""Comments and literals of C and C++ text, found without a compiler.

spans() is the one scanner: each comment, string literal, raw string literal
and character literal, in order. What the scripts make of them (blanked so
that offsets stay, or dropped) is below it.
"""

import re

START = re.compile(r"""//|/\*|R"|["']""")
RAW_OPENING = re.compile(r'R"([^()\\ \n]{0,16})\(')


def is_identifier_char(c):
    return c.isalnum() or c == "_"


def spans(text):
    """(kind, start, end) of each comment ("comment"), raw string literal
    ("raw") and other string or character literal ("quoted") of text, in order.
    A line comment runs on over continued lines; a quoted literal ends at its
    line's end if it is not closed there; a ' after the digits of a number
    (1'000) separates them and opens nothing."""
    i, n = 0, len(text)
    while True:
        m = START.search(text, i)
        if not m:
            return
        i, token = m.start(), m.group(0)
        if token == "//":
            kind, end = "comment", line_comment_end(text, i)
        elif token == "/*":
            end = text.find("*/", i + 2)
            kind, end = "comment", n if end < 0 else end + 2
        elif token == 'R"':
            kind, end = "raw", raw_string_end(text, i)
        else:
            kind, end = "quoted", quoted_end(text, i)
        if end is None:
            i += 1
            continue
        yield kind, i, end
        i = end


def line_comment_end(text, start):
    n = len(text)
    end = text.find("\n", start)
    end = n if end < 0 else end
    while 0 < end < n and text[end - 1] == "\\":  # continued line comment
        k = text.find("\n", end + 1)
        end = n if k < 0 else k
    return end


def raw_string_end(text, start):
    """The end of R"delimiter(...)delimiter" at start, or None where no raw
    string opens there."""
    if start > 0 and is_identifier_char(text[start - 1]):
        return None
    m = RAW_OPENING.match(text, start)
    if not m:
        return None
    close = text.find(")" + m.group(1) + '"', start)
    return len(text) if close < 0 else close + len(m.group(1)) + 2


def quoted_end(text, start):
    """The end of the "..." or '...' literal at start, or None for a digit
    separator."""
    quote, n = text[start], len(text)
    if quote == "'" and start > 0 and is_identifier_char(text[start - 1]):
        # A digit separator (1'000) or a prefix like u8'x': look back.
        k = start - 1
        while k >= 0 and (text[k].isalnum() or text[k] in "_."):
            k -= 1
        if text[k + 1].isdigit():
            return None
    j = start + 1
    while j < n and text[j] != quote and text[j] != "\n":
        j += 2 if text[j] == "\\" else 1
    return min(j + 1, n)


def blank(text, keep_strings):
    """Comments (and, unless keep_strings, the contents of literals) become
    spaces; newlines stay, so offsets and line numbers do too."""
    out = list(text)
    for kind, start, end in spans(text):
        if kind == "comment":
            first, last = start, end
        elif keep_strings:
            continue
        elif kind == "raw":
            first, last = start + 2, end - 1
        else:
            first, last = start + 1, end - 1
        for k in range(first, last):
            if out[k] != "\n":
                out[k] = " "
    return "".join(out)


def without_comments(text, keep_lines=False):
    """Each comment becomes a space (with keep_lines, followed by the newlines
    it held); literals stay as they are."""
    pieces, done = [], 0
    for kind, start, end in spans(text):
        if kind != "comment":
            continue
        pieces.append(text[done:start])
        pieces.append(" " + "\n" * text.count("\n", start, end) if keep_lines else " ")
        done = end
    pieces.append(text[done:])
    return "".join(pieces)

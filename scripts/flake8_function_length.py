"""A flake8 plugin (.flake8's local-plugins): FNL100, a function is longer than
max-function-length lines (80), counted from its `def` to its last line.
Python functions are held to a length one can read at once, as clang-tidy holds
the C++ (.clang-tidy's readability-function-size)."""

import ast


class FunctionLength:
    name = "function-length"
    version = "1"
    max_length = 80

    def __init__(self, tree):
        self.tree = tree

    @classmethod
    def add_options(cls, manager):
        manager.add_option("--max-function-length", type=int, default=cls.max_length,
                           parse_from_config=True,
                           help="the most lines a function may have (default 80)")

    @classmethod
    def parse_options(cls, options):
        cls.max_length = options.max_function_length

    def run(self):
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > self.max_length:
                    yield (node.lineno, node.col_offset,
                           "FNL100 function %s is %d lines long (at most %d)"
                           % (node.name, length, self.max_length), type(self))

"""What musify's Python scripts share: reading the rule tables (rule_tables)
and scanning C and C++ text for its comments and literals (c_text).

The generators (scripts/rulegen, runtime/gen_*.py), the validator
(tool/validate) and the rule checks (test/rules) put scripts/ on sys.path
and import these; none of them reads a table or skips a comment its own way.
"""

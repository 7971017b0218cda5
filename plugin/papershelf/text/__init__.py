"""Text rules every part shares: `rules` (folding, words, stop words, name parts, math spans),
`slugs` (URL slugs for names and topics) and `macros` (what LaTeX's accent and letter macros
stand for, for the readers that decode them and the exports that write them)."""

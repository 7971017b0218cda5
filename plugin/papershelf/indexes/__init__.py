"""The indexes a library is browsed by: `topics` (curated and, through `discovery` with
`commonness` and `twins`, discovered), `related` papers, `authors`, the `timeline` and the
`arrivals` (when each paper was first seen); `phrases` and `vectors` are the papers' words
as every index compares them."""

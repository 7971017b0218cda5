"""The library and its keys: `identifiers` (arXiv ids, DOIs and the links they give),
`identity` (when two sightings are one paper), `merge` (listings into one library), `keys`
(the key scheme and issuing) and `keyfile` (the committed file that remembers issued keys)."""

"""What the user's own pages add: reading `lists`, `[@key]` `citations`, where a page is
`prose`, and `collect`, which gathers both from every page before any page is rendered."""

"""The MkDocs adapter: configuration, events and page generation; the only code that imports MkDocs."""

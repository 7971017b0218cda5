"""The library analysed once (`analyse`), kept in memory and on disk (`cache`, as data only
through `codec`), with a `helper` process that writes a large library's export entries meanwhile."""

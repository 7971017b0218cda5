#!/usr/bin/env bash
# Installs the real consumers the export tests run (Debian/Ubuntu, as root):
# bibtex + pdflatex, biblatex + biber, lualatex, pandoc, and Chromium for the browser tests
# (Playwright drives /usr/bin/chromium; never `playwright install`). Tests that lack a tool skip.
set -euo pipefail
packages=(texlive-latex-base texlive-latex-recommended texlive-bibtex-extra texlive-luatex biber pandoc chromium)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

"""Adapters that plug a ruleset into other frameworks.

Each adapter lives in its own module and needs its own optional extra; importing
``dominoes`` (or this package) never imports them:

- ``dominoes.adapters.openspiel``: a ``pyspiel`` game for any ruleset
  (``pip install "dominoes-rules[openspiel]"``).
- ``dominoes.adapters.pettingzoo``: a PettingZoo AEC environment for any ruleset
  (``pip install "dominoes-rules[pettingzoo]"``).
"""

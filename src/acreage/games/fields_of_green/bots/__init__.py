"""What bots know of Fields of Green, kept apart from its rules.

Nothing in the rules imports this package: the bots reach it through the game's ``GameInfo``
(``heuristic``, ``value``), and tools and tests import its modules by name.

- ``heuristic.py``: the estimate of each seat's final score that greedy play and tree search
  judge positions by, written from the rulebook's scoring.
"""

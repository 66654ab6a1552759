"""What bots know of Foxglove Farm, kept apart from its rules.

Nothing in the rules imports this package: the bots reach it through the game's ``GameInfo``
(``heuristic``, ``value``, ``shortlist``, ``horizon``, ``book``, ``macros``), and tools and
tests import its modules by name.

- ``heuristic.py`` (over ``heuristic_town.py``, ``heuristic_tables.py``, ``trail_distance.py``):
  the hand-written estimate greedy play judges by, one named function per term;
- ``value.py``: the learned final-score estimate tree search judges by, and the playout horizon;
- ``planner.py`` (over ``planner_objective.py``, ``planner_town.py``, ``planner_model.py``,
  ``planner_replay.py``): the exact transport planner, offered as the transport macro;
- ``prune.py``: the shortlist of options a look-ahead judges;
- ``book.py``: the solo opening book.

The data these read (``value_model.json``, ``solo_book.json``) stay in the game's ``data/``
folder with its other shipped files.
"""

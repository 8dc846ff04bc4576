"""Leagues in Discord: the sign-up card and its buttons, match threads, round announcements,
the standings message edited in place, the champion's announcement.

Everything a league shows is derived from the database: :func:`~bot.ui.leagues.sync.sync_league`
asks the use case to advance, opens what is missing (thread, table, board) and edits the
standings message only when its text changed (the digest of what it shows is kept with the
league), so a restart at any point converges to the current state shown once. Match tables are
shown through :func:`bot.ui.publish.show_current` like every table; the league's own messages
(sign-up card, round announcement, standings, champion) are recorded after they are posted, and
one posted just before a crash is found among the channel's last messages
(:func:`~bot.ui.leagues.channel.find_posted`).

One module per concern; callers import from the module a name lives in:

- :mod:`~bot.ui.leagues.words`: the shared words (format, status, a match's players, dates,
  points) and :func:`~bot.ui.leagues.words.fit`;
- :mod:`~bot.ui.leagues.channel`: where a league posts (its language, its last messages, a match
  table in its thread);
- :mod:`~bot.ui.leagues.signup`: the sign-up card's text;
- :mod:`~bot.ui.leagues.standings`: the standings text, image and message;
- :mod:`~bot.ui.leagues.announcements`: match threads, the round's and the champion's posts;
- :mod:`~bot.ui.leagues.endings`: the notes under the tables a league change ended;
- :mod:`~bot.ui.leagues.sync`: a change published (with the sign-up buttons, which make one),
  the scheduler's tick and the game-end path.
"""

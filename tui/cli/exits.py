"""The exit codes of every command: 0 done, 1 a run that did not reach 100 % coverage (or a
claim that did not hold), 2 a problem with the request itself."""

EXIT_OK, EXIT_INCOMPLETE, EXIT_USAGE = 0, 1, 2

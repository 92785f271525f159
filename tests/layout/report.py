"""The layout checks' common ending: every problem on its own line, then a summary."""


def report(check: str, problems: list, passed: str) -> int:
    """Prints the problems and returns 1, or prints `passed` and returns 0."""
    for p in problems:
        print(p)
    if problems:
        print(f"{check}: {len(problems)} problems")
        return 1
    print(f"{check}: {passed}")
    return 0

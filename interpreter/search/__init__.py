"""Search: worlds consistent with a seat's view, exact solving, and (later) tree search."""

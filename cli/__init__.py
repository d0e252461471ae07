"""The `battlelog` command (cli.main).

A command allocates its ~15,000 objects (imports, one game's span, its output) in a few tens of ms and exits: at the
default threshold (700) the cyclic GC ran ~20 young collections over them, 3-5 ms of `state` and `order`, most of
them during the imports. At 50,000 a point command runs none; a long command (audit, import, corpus rerun) still
collects, 70 times less often over 70 times more objects, and pauses the GC itself in its bulk loops as before. Set
here, before cli.main imports anything.
"""

import gc

gc.set_threshold(50_000, *gc.get_threshold()[1:])

"""The chunked strategy (``gapless read``): a file of any size, chunk by chunk, bounded answer.

``planner`` cuts the file deterministically, ``chunks`` reads and summarizes each chunk,
``outline`` keeps the running outline with line anchors, ``fold`` folds chunk extractions
in bounded levels, ``cursor`` is the opaque tamper-evident resume token, ``result`` the
answer and ``read`` the run itself.
"""

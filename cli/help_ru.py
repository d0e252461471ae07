"""The Russian of battlelog's help screens, read only when a help screen is shown under `BATTLELOG_LANG=ru` or
`battlelog --lang ru … --help` (so start-up imports nothing more): every command's text (`LONG`) and one-line summary
(`COMMANDS`, for the command lists), every option's help (`OPTIONS`, keyed by the English help, which stays as it
is), the words click writes itself (`WORDS`, `METAVARS`), and the functions cli.main's help classes call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

MAIN = ("battlelog: журнал сражений форумных игр, построенный на событиях.",
        "Записывает приказы, броски и выборы; разрешает ходы по своду правил; проверяет решения ГМ; рисует любой "
        "ход в SVG/PNG; пишет пост ГМ в BBCode или Markdown.")

COMMANDS = {
    "animate": "Анимация хода: кадр на каждый шаг, зацикленный GIF (или APNG), все кадры одного размера.",
    "audit": "Заново разрешить каждый ход по записанному вводу; код 1, если записанное разрешение расходится с "
             "правилами.",
    "choose": "Записать выбор, которого требуют правила (например, добить или пощадить).",
    "corpus": "Много записанных игр сразу: папки (все *.jsonl в них), маски, файлы или архивы Parquet.",
    "corpus audit": "Заново разрешить ходы каждой игры; код 1, если хоть одна игра не чиста.",
    "corpus import": "Внести все игры: каждый журнал проверяется параллельно, затем вносится сюда, по игре на "
                     "транзакцию.",
    "corpus rerun": "Заново разрешить каждую игру в другом варианте правил: сколько исходов меняется, где "
                    "расходится, как сдвигаются доли победителей.",
    "corpus verify": "Проверить цепочку хешей каждой игры.",
    "correct": "Поправить закрытый ход дописанной поправкой (не правкой журнала); посты и аудит ее показывают.",
    "demo": "Проиграть встроенную записанную игру: аудит, каждый шаг каждого хода в картинках, пост каждого хода.",
    "dispute": "Пакет для спора: один пост с кадрами, вскрытыми приказами и печатями, доказательствами бросков, "
               "расчетом и аудитом.",
    "explain": "Почему разрешение вышло таким: его расчет, правило и толкования, на которые оно опирается.",
    "export": "Выгрузить журнал игры (нераскрытое зерно костей не выгружается никогда), или с --archive ПАПКА "
              "журналы всех игр.",
    "games": "Список игр в базе.",
    "head": "Вершина журнала игры, SEQ:HASH последнего события: строка для поста, по которой `verify --head` "
            "сверяет журнал.",
    "import": "Внести журнал JSONL: выгрузку как есть или написанный вручную.",
    "log": "События игры (seq, ход, фаза, тип, участник, кратко); скрытое от читателя не показывается.",
    "new": "Начать игру: записывает game.created с расстановкой, правилами костей, ревизией свода и хешем нового "
           "зерна.",
    "order": "Записать приказ игрока, разобранный из его поста на форуме (все ошибки сразу).",
    "post": "Пост ГМ за ход (или фазу): приказы, броски, разрешения с расчетом, положение.",
    "post-in": "Принять целый пост с форума: приказы, вставленные броски и выборы, одной пачкой (все или ничего).",
    "render": "Нарисовать ход (или его фазу, или шаг) в SVG или PNG.",
    "rerun": "Заново разрешить игру в другом варианте или версии правил; что меняется, ход за ходом.",
    "resolve": "Разрешить и закрыть каждый ход, ввод которого полон; сказать, чего ждет игра.",
    "reveal": "Закрыть эпоху зерна: опубликовать зерно костей движка в журнале и хеш нового зерна.",
    "roll": "Записать бросок с форума (--result) или бросить проверяемые кости движка.",
    "rules": "Своды правил, их варианты (по умолчанию — первый) и спорные места, которые каждый решает.",
    "ruling": "Решение ГМ: ответить на один запрос, переопределить одно вычисленное решение или разрешить ход "
              "вручную.",
    "state": "Положение игры после хода, фазы или шага; шаги открытого хода предварительны.",
    "status": "Чего ждет игра: каждый запрос каждого участника, в том порядке, в каком спрашивают правила.",
    "verify": "Проверить цепочку хешей, данные якоря (--head, --witness) и каждый бросок движка по зерну его эпохи.",
    "view": "Просмотрщик: один самодостаточный HTML-файл со всеми кадрами, постами ходов и журналом.",
}
"""Command path (below `battlelog`) -> its one-line summary in Russian (the command lists)."""

LONG = {
    "": "\n\n".join(MAIN),
    "animate": "Анимация хода: кадр на каждый шаг, зацикленный GIF (или APNG), все кадры одного размера.",
    "audit": "Заново разрешить каждый ход по записанному вводу; код 1, если хоть одно записанное разрешение "
             "расходится с правилами.",
    "choose": "Записать выбор, которого требуют правила (например, `finish_off kill` — добить, `push_direction NE` "
              "— направление толчка).",
    "corpus": "Много записанных игр сразу: ПУТИ… — это папки (все *.jsonl в них), маски, файлы или архивы Parquet "
              "(`battlelog export --archive ПАПКА`: --where выбирает из него игры)."
              "\n\nПо заданию на игру в пуле процессов на всех ядрах; строка хода работы в stderr, сводная таблица "
              "в stdout и итог каждой игры строкой JSON в results.jsonl папки --out. Игра, которая не удалась, "
              "названа, и работа идет дальше; код выхода 1, если такая была.",
    "corpus audit": "Заново разрешить ходы каждой игры по ее записанному вводу; код 1, если хоть одна игра не "
                    "чиста.",
    "corpus import": "Внести все игры: каждый журнал проверяется параллельно (хеши, связи, каждый ввод — по "
                     "правилам), затем вносится сюда, по игре на транзакцию; игра, которая уже есть в базе или не "
                     "прошла проверку, названа.",
    "corpus rerun": "Заново разрешить каждую игру в другом варианте правил: сколько исходов меняется, на каком "
                    "ходу каждая впервые расходится, как сдвигаются доли победителей; diffs/ИГРА.txt в папке --out "
                    "говорит, что меняется в каждой игре, ход за ходом.",
    "corpus verify": "Проверить цепочку хешей каждой игры.",
    "correct": "Поправить закрытый ход дописанной поправкой (никогда не правкой журнала и не вторым решением); "
               "посты и аудит ее показывают. Утверждаемые события действуют с того места, где поправка стоит в "
               "журнале.",
    "demo": "Проиграть встроенную записанную игру: проверить ее аудитом, нарисовать каждый шаг каждого хода, "
            "написать пост каждого хода.",
    "dispute": "Написать пакет для спора: один пост с кадрами, вскрытыми приказами и печатями, доказательствами "
               "бросков, расчетом и аудитом.",
    "explain": "Почему разрешение вышло таким: его расчет, правило и толкования спецификации, на которые оно "
               "опирается.",
    "export": "Выгрузить журнал игры (нераскрытое зерно костей не выгружается никогда), или с --archive ПАПКА "
              "журналы всех игр.\n\nС --as ИГРОК не "
              "выгружается содержимое событий, которые этому игроку видеть нельзя (их хеши остаются, так что файл "
              "по-прежнему проходит проверку: `battlelog verify --file`). Без --as выгрузка — для ГМ, полная.",
    "games": "Список игр в базе.",
    "head": "Вершина журнала игры, SEQ:HASH его последнего события: строка для поста, по которой `verify --head` "
            "сверяет журнал.",
    "import": "Внести журнал JSONL: выгрузку как есть или написанный вручную (строки без seq/prev/hash/at).\n\n"
              "Каждый ввод проверяется по правилам там, где он стоит. В написанном вручную журнале каждый ход "
              "разрешается по правилам, когда начинается ввод следующего хода, а последний — когда его ввод полон; "
              "бросок или выбор, который нужен правилам посреди игры и которого нет в журнале, — ошибка, "
              "называющая его. Ничего не вносится, пока игра не вносится целиком. В конце сказано, чего ждет "
              "каждая игра.",
    "log": "События игры (seq, ход, фаза, тип, участник, кратко); содержимое, которое зрителю (--as) видеть нельзя, "
           "не показывается.",
    "new": "Начать игру: записывает game.created с расстановкой, правилами костей, ревизией свода правил и хешем "
           "нового зерна костей движка.",
    "order": "Записать приказ игрока, разобранный из его поста на форуме (все ошибки перечисляются сразу).",
    "post": "Написать пост ГМ за ход (или фазу): приказы, броски, разрешения с расчетом, положение.",
    "post-in": "Принять целый пост с форума: его приказы, вставленные броски с форума и выборы, одной пачкой (все "
               "или ничего).\n\nВсе ошибки поста перечисляются сразу, каждая со своей строкой. См. "
               "docs/log-format.md, раздел «Batches».",
    "render": "Нарисовать ход (или одну его фазу, или шаг) в SVG или PNG.",
    "rerun": "Заново разрешить игру в другом варианте или версии правил; напечатать, что меняется, ход за ходом.",
    "resolve": "Разрешить и закрыть каждый ход, записанный ввод которого полон; перечислить, чего ждет игра.",
    "reveal": "Закрыть эпоху зерна игры: опубликовать в журнале ее зерно костей движка (чтобы любой мог заново "
              "вывести ее броски движка) вместе с sha256 нового зерна, из которого выводится каждый следующий "
              "бросок движка.",
    "roll": "Записать бросок с форума (--result) или бросить проверяемые кости движка (где правила костей игры — "
            "движок).\n\nПоля свода правил идут следом как параметры, например `--stake high` для броска ставки в "
            "дуэли; их значения читаются как JSON, где это получается (`--unit 3` — число 3).",
    "rules": "Своды правил, их параметры (домашние правила; первым — значение по умолчанию) и спорные места "
             "спецификации, которые каждый параметр решает.",
    "ruling": "Решение ГМ: ответить на один запрос или переопределить одно вычисленное решение (разрешение "
              "продолжается от него), или разрешить открытый ход вручную (с проверкой, что игра может продолжиться "
              "из оставленного положения); аудит о нем сообщает.",
    "state": "Положение игры после хода, фазы или шага; шаги открытого хода предварительны (stderr так и говорит).",
    "status": "Чего ждет игра: каждый открытый запрос каждого участника, в том порядке, в каком спрашивают правила. "
              "Ничего не дописывает.",
    "verify": "Проверить цепочку хешей (называет первый испорченный seq), данные якоря (--head, --witness) и каждый "
              "бросок движка по зерну его эпохи; отметить броски, источник которых правила костей игры не "
              "предполагают.",
    "view": "Написать просмотрщик: один самодостаточный HTML-файл со всеми кадрами, постом каждого хода и журналом.",
}
"""Command path ("" for battlelog itself) -> its whole help text in Russian, paragraph for paragraph."""

OPTIONS = {
    # battlelog's own
    "DuckDB file (default ./battlelog.duckdb, or $BATTLELOG_DB).":
        "Файл DuckDB (по умолчанию ./battlelog.duckdb или $BATTLELOG_DB).",
    "Seconds to wait for a database another command holds ($BATTLELOG_WAIT).":
        "Сколько секунд ждать базу, которую держит другая команда ($BATTLELOG_WAIT).",
    "Log what happens to stderr (and a bug's traceback).": "Писать ход работы в stderr (и трассировку ошибки "
                                                           "программы).",
    "Language of errors, and of every command's text when it is given no --lang ($BATTLELOG_LANG).":
        "Язык ошибок и текста каждой команды, когда у нее не задан свой --lang ($BATTLELOG_LANG).",
    "Show this message and exit.": "Показать эту справку и выйти.",
    # shared by several commands
    "Whose view: a player id, \"gm\" (everything), or nothing for the public thread.":
        "Чей взгляд: id игрока, \"gm\" (всё) или ничего — для общей темы.",
    "Turn (default: the open turn).": "Ход (по умолчанию — открытый).",
    "The turn (default: the open turn, provisional).": "Ход (по умолчанию — открытый, предварительно).",
    "Only this phase of the turn.": "Только эта фаза хода.",
    "Key field key=value, read as JSON (e.g. knight=k2, n=3).":
        "Ключевое поле key=value, значение читается как JSON (например, knight=k2, n=3).",
    "Where the jobs run: a process pool here, or Ray (pip install 'battlelog[cluster]').":
        "Где выполняются задания: пул процессов здесь или Ray (pip install 'battlelog[cluster]').",
    "Worker processes (default: every core).": "Рабочих процессов (по умолчанию — по одному на ядро).",
    "Folder for results.jsonl (and a rerun's per-game diffs).": "Папка для results.jsonl (и для различий каждой "
                                                                "игры у rerun).",
    "Print the per-game results as JSON lines instead.": "Вместо таблицы напечатать итоги игр строками JSON.",
    "PATH is an archive of `battlelog export --archive`: only the games this DuckDB predicate selects, e.g. "
    "\"family = 'knights'\". It sees one row a game: game, ruleset (the key, knights@1), family (knights), events, "
    "started, last (the first and last event's at). It runs on a read-only in-memory table of the archive's games, "
    "with file access off: it can read, write or load nothing else.":
        "ПУТЬ — архив `battlelog export --archive`: только игры, которые выбирает это условие DuckDB, например "
        "\"family = 'knights'\". Оно видит по строке на игру: game, ruleset (ключ, knights@1), family (knights), "
        "events, started, last (at первого и последнего события). Оно выполняется над таблицей игр архива в памяти, "
        "только для чтения, с выключенным доступом к файлам: ничего другого оно не прочтет, не запишет и не загрузит.",
    "Write every game of the database (or GAME) to DIR as Parquet in hive layout, DIR/ruleset=<key>/game=<id>/"
    "*.parquet, for `battlelog corpus … DIR --where SQL`. The GM's complete log (no --as); games already in DIR are "
    "refused unless --replace, others are added.":
        "Записать все игры базы (или ИГРУ) в ПАПКУ как Parquet в раскладке hive, ПАПКА/ruleset=<ключ>/game=<id>/"
        "*.parquet, для `battlelog corpus … ПАПКА --where SQL`. Полный журнал ГМ (без --as); игры, которые в ПАПКЕ "
        "уже есть, не пишутся без --replace, остальные добавляются.",
    "With --archive: rewrite games DIR already holds.": "С --archive: переписать игры, которые в ПАПКЕ уже есть.",
    "Variant file (TOML): ruleset = \"duel@1\" and an [options] table.":
        "Файл варианта (TOML): ruleset = \"duel@1\" и таблица [options].",
    "Another ruleset version, e.g. duel@1.": "Другая версия свода правил, например duel@1.",
    "House-rule switch key=value.": "Переключатель домашнего правила key=value.",
    # animate
    "The turn to animate.": "Ход, который анимировать.",
    "File to write (.gif or .png for APNG).": "Файл, куда писать (.gif, или .png для APNG).",
    "ms per frame.": "Миллисекунд на кадр.",
    "Scale GIF frames down until the file fits (phpBB's default attachment limit); 0: never.":
        "Уменьшать кадры GIF, пока файл не уложится в столько КиБ (ограничение вложения phpBB по умолчанию); "
        "0 — никогда.",
    # audit, status, state, log
    "The findings as JSON.": "Находки аудита в JSON.",
    "The requests as JSON.": "Запросы в JSON.",
    "After this turn (default: the latest state, the open turn included).":
        "После этого хода (по умолчанию — последнее положение, с открытым ходом).",
    "Of this phase of the turn.": "Этой фазы хода.",
    "After this step of the turn or phase (0 = before its first resolution).":
        "После этого шага хода или фазы (0 — до первого разрешения).",
    "Print the state as JSON.": "Напечатать положение в JSON.",
    "Only this turn's events.": "Только события этого хода.",
    "Only this phase's events (with --turn).": "Только события этой фазы (вместе с --turn).",
    "Full events as JSON lines.": "События целиком, строками JSON.",
    # choose
    "Who chooses (omit for the GM).": "Кто выбирает (не указывать, если ГМ).",
    "Read VALUE as JSON (an object, a list, a number).": "Читать ЗНАЧЕНИЕ как JSON (объект, список, число).",
    "Record a sealed commitment to the choice; prints the salt.":
        "Записать только запечатанное обязательство выбора; печатает соль.",
    "Reveal a sealed choice with this salt.": "Вскрыть запечатанный выбор этой солью.",
    "Replace this choice: a visible correction.": "Заменить этот выбор: видимая поправка.",
    # correct, ruling
    "The closed turn the correction amends.": "Закрытый ход, который исправляет поправка.",
    "JSON {\"note\": …, \"events\": [{\"type\": …, \"payload\": {…}}, …]} (asserted events), or - for stdin.":
        "JSON {\"note\": …, \"events\": [{\"type\": …, \"payload\": {…}}, …]} (утверждаемые события) или - для "
        "stdin.",
    "The open turn (default: the open turn).": "Открытый ход (по умолчанию — он и есть).",
    "JSON: granular {\"request\"|\"override\": …, \"value\": …, \"note\": …} or whole-turn {\"note\": …, "
    "\"events\": [{\"type\": …, \"payload\": {…}}, …]}, or - for stdin.":
        "JSON: точечное решение {\"request\"|\"override\": …, \"value\": …, \"note\": …} или решение всего хода "
        "{\"note\": …, \"events\": [{\"type\": …, \"payload\": {…}}, …]}, или - для stdin.",
    # demo
    "Recorded game under fixtures/ to replay.": "Записанная игра из fixtures/, которую проиграть.",
    "Folder for frames and posts.": "Папка для кадров и постов.",
    "Also write PNG frames.": "Писать также кадры PNG.",
    # dispute, explain
    "The disputed turn.": "Ход, о котором спор.",
    "The disputed step of the turn (default: the whole turn).": "Шаг хода, о котором спор (по умолчанию — весь "
                                                                "ход).",
    "The forum the post is for.": "Форум, для которого пост.",
    "Folder for the post and its PNG frames.": "Папка для поста и его кадров PNG.",
    "The resolution (or ruling) event to explain.": "Событие разрешения (или решения ГМ), которое объяснить.",
    # export, import
    "File (required for parquet; jsonl goes to stdout by default).":
        "Файл (обязателен для parquet; jsonl по умолчанию идет в stdout).",
    "Import a one-game log under this game id (the chain is rebuilt under it).":
        "Внести журнал одной игры под этим id игры (цепочка перестраивается под него).",
    # new
    "Ruleset id, e.g. duel or duel@1.": "Id свода правил, например duel или duel@1.",
    "Setup file (JSON or TOML), or - for stdin.": "Файл расстановки (JSON или TOML) или - для stdin.",
    "House-rule switch key=value (see `battlelog rules`).":
        "Переключатель домашнего правила key=value (см. `battlelog rules`).",
    "Who rolls: the players on the forum (a missing roll is a request), or verifiable engine dice drawn by explicit "
    "command (`roll` without --result, `resolve --roll`).":
        "Кто бросает: игроки на форуме (недостающий бросок — запрос) или проверяемые кости движка, которые бросает "
        "только явная команда (`roll` без --result, `resolve --roll`).",
    "Override the dice policy for one roll purpose: PURPOSE=forum|engine.":
        "Другие правила костей для одной цели броска: ЦЕЛЬ=forum|engine.",
    # order, post-in
    "Who gives the order.": "Кто отдает приказ.",
    "A forum post (text) to parse, or - for stdin.": "Пост с форума (текст), который разобрать, или - для stdin.",
    "The forum post as an argument.": "Пост с форума аргументом команды.",
    "The order as JSON (the public log format) instead of a forum post.":
        "Приказ в JSON (открытый формат журнала) вместо поста с форума.",
    "Record only a sealed commitment; prints the salt to reveal with.":
        "Записать только запечатанное обязательство; печатает соль, которой его вскрыть.",
    "Reveal a sealed order with this salt.": "Вскрыть запечатанный приказ этой солью.",
    "Replace the actor's order (plain, sealed or revealed) of the open turn: a visible correction.":
        "Заменить приказ участника в открытом ходе (открытый, запечатанный или вскрытый): видимая поправка.",
    "Key field key=value (read as JSON) of an order that is one of several (e.g. exchange=1 step=attack): added to "
    "the order and naming what --seal seals.":
        "Ключевое поле key=value (читается как JSON) приказа, который один из нескольких (например, exchange=1 "
        "step=attack): добавляется в приказ и называет, что запечатывает --seal.",
    "Parse and check, print the order, append nothing.": "Разобрать и проверить, напечатать приказ, ничего не "
                                                         "дописывать.",
    "Whose post it is (omit for the GM's).": "Чей это пост (не указывать, если ГМ).",
    "The forum post (text), or - for stdin.": "Пост с форума (текст) или - для stdin.",
    "Parse and check, list the inputs found, append nothing.":
        "Разобрать и проверить, перечислить найденный ввод, ничего не дописывать.",
    # post
    "bbcode or markdown (default: the profile's).": "bbcode или markdown (по умолчанию — формат профиля).",
    "A forum profile of your own (a TOML file, see docs/forums.md).":
        "Свой профиль форума (файл TOML, см. docs/forums.md).",
    # render, view
    "A phase of the turn (its steps are counted inside it).": "Фаза хода (шаги считаются внутри нее).",
    "Step of the turn or phase (default: the last, the screen).": "Шаг хода или фазы (по умолчанию — последний, "
                                                                  "экран).",
    "File to write: .svg or .png.": "Файл, куда писать: .svg или .png.",
    "Write one file per step: OUTPUT gets -s<k> before its suffix.":
        "Писать по файлу на шаг: к имени файла -o перед расширением добавляется -s<k>.",
    "The HTML file to write.": "HTML-файл, куда писать.",
    # resolve, roll
    "First draw the engine dice the rules wait for (only purposes whose dice policy is engine).":
        "Сначала бросить кости движка, которых ждут правила (только для целей, у которых кости — движка).",
    "Who rolls (omit for a GM roll).": "Кто бросает (не указывать для броска ГМ).",
    "What the roll is for (default: the ruleset's main roll).":
        "Для чего бросок (по умолчанию — главный бросок свода правил).",
    "Key field key=value, the value read as JSON (n=3 is the number 3, unit=K1 the text K1).":
        "Ключевое поле key=value, значение читается как JSON (n=3 — число 3, unit=K1 — текст K1).",
    "The dice as rolled elsewhere, e.g. 72 or 3,5,6 (omit to roll engine dice).":
        "Кости, как они выпали в другом месте, например 72 или 3,5,6 (не указывать, чтобы бросить кости движка).",
    "Where a --result roll was made.": "Где сделан бросок из --result.",
    "Link or post id of the forum roll.": "Ссылка на бросок на форуме или id его поста.",
    "Record a sealed commitment to the roll (with --result).":
        "Записать запечатанное обязательство броска (вместе с --result).",
    "Reveal a sealed roll with this salt (with the same --result).":
        "Вскрыть запечатанный бросок этой солью (с тем же --result).",
    "Replace this key's roll: a visible correction.": "Заменить бросок с этим ключом: видимая поправка.",
    # verify
    "A revealed seed (hex), to check the engine dice of its epoch in an imported game.":
        "Раскрытое зерно (hex), чтобы проверить кости движка его эпохи во внесенной игре.",
    "Verify an exported JSONL file instead (no database needed), e.g. one player's export with the others' secrets "
    "withheld: its chain and the dice and total of every roll it shows.":
        "Вместо базы проверить выгруженный файл JSONL (база не нужна), например выгрузку одного игрока без чужих "
        "секретов: его цепочку и кости и сумму каждого броска, который в нем виден.",
    "A head the GM posted (`battlelog head`): the log must hold that event with that hash.":
        "Вершина, которую опубликовал ГМ (`battlelog head`): в журнале должно быть это событие с этим хешем.",
    "A post (text with a SEQ:HASH head), or a PNG or SVG frame (the hash of its last event): the log must hold it.":
        "Пост (текст с вершиной SEQ:HASH) или кадр PNG или SVG (хеш его последнего события): журнал должен его "
        "содержать.",
    "Also refold the game and compare every stored checkpoint with it.":
        "Еще и свернуть игру заново и сравнить с ней каждую сохраненную контрольную точку.",
}
"""An option's English help -> its Russian (the same English says the same Russian in every command)."""

LANG = "Язык вывода этой команды (если не задан: --lang перед командой или $BATTLELOG_LANG, иначе значение по " \
       "умолчанию)."
UNSAID = {
    "--lang": LANG,
    "animate --format": "gif или apng (анимированный PNG).",
    "export --format": "jsonl или parquet.",
}
"""Options whose English has no help text ("command --option", or "--option" for every command) -> the Russian."""


def _profiles_help() -> str:
    from replay.render import profiles

    return ("Форум (replay/render/profiles, свои — в ~/.config/battlelog/profiles или $BATTLELOG_PROFILES; по "
            "умолчанию phpbb, или markdown с --format markdown): "
            + "; ".join(f"{p.name}: {p.title_ru or p.title}" for p in profiles.known().values()))


LATER: dict[str, Callable[[], str]] = {"post --profile": _profiles_help}
"""Options whose help is written when it is shown (the forum profiles there are) -> their Russian."""

WORDS = {"Usage: ": "Использование: ", "Options": "Параметры", "Commands": "Команды", "english": "[англ.] ",
         "default": "по умолчанию: ", "required": "обязательно", "env var": "переменная окружения: "}

METAVARS = {"[OPTIONS]": "[ПАРАМЕТРЫ]", "COMMAND [ARGS]...": "КОМАНДА [АРГУМЕНТЫ]...", "GAME": "ИГРА",
            "[GAME]": "[ИГРА]", "NAME": "ИМЯ", "VALUE": "ЗНАЧЕНИЕ", "DICE": "КОСТИ", "PATHS...": "ПУТИ...",
            "FILE_": "ФАЙЛ", "[RULESET_KEY]": "[СВОД]", "TEXT": "ТЕКСТ", "INTEGER": "ЦЕЛОЕ", "INTEGER RANGE": "ЦЕЛОЕ",
            "FLOAT RANGE": "ЧИСЛО", "FLOAT": "ЧИСЛО", "FILE": "ФАЙЛ", "DIR": "ПАПКА"}
"""Click's placeholders (arguments, value types) -> the Russian; a choice's values ([ru|en]) stay as typed."""


def key(ctx: click.Context) -> str:
    """The command's path below `battlelog` ("" for battlelog itself)."""
    return " ".join(ctx.command_path.split()[1:])


def option_help(command: str, param: click.Option) -> str | None:
    """The Russian help of one option of `command`, or None where it has none yet."""
    name = param.opts[-1] if param.opts else ""
    later = LATER.get(f"{command} {name}")
    if later is not None:
        return later()
    if param.help:
        return OPTIONS.get(param.help)
    return UNSAID.get(f"{command} {name}".strip()) or UNSAID.get(name)


def format_usage(cmd: click.Command, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    pieces = [METAVARS.get(piece, piece) for piece in cmd.collect_usage_pieces(ctx)]
    formatter.write_usage(ctx.command_path, " ".join(pieces), WORDS["Usage: "])


def format_help_text(cmd: click.Command, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    said = LONG.get(key(ctx))
    paragraphs = said.split("\n\n") if said else [WORDS["english"] + (cmd.help or cmd.get_short_help_str(200))]
    formatter.write_paragraph()
    with formatter.indentation():
        for i, text in enumerate(paragraphs):
            if i:
                formatter.write_paragraph()
            formatter.write_text(text)


def _record(command: str, param: click.Option, ctx: click.Context) -> tuple[str, str] | None:
    english = param.get_help_record(ctx)
    if english is None:
        return None
    spec = param.get_help_spec(ctx)
    meta = param.make_metavar(ctx) if not param.is_flag and not param.count else ""
    if meta in METAVARS and spec.endswith(" " + meta):
        spec = spec[:-len(meta)] + METAVARS[meta]
    said = option_help(command, param)
    text = said if said is not None else WORDS["english"] + (param.help or "")
    extra = param.get_help_extra(ctx)
    items = [WORDS["env var"] + ", ".join(extra["envvars"])] if "envvars" in extra else []
    items += [WORDS["default"] + extra["default"]] if "default" in extra else []
    items += [extra["range"]] if "range" in extra else []
    items += [WORDS["required"]] if "required" in extra else []
    if items:
        text = f"{text}  [{'; '.join(items)}]" if text else f"[{'; '.join(items)}]"
    return spec, text


def format_options(cmd: click.Command, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    command = key(ctx)
    rows = [record for param in cmd.get_params(ctx) if isinstance(param, click.Option)
            if (record := _record(command, param, ctx)) is not None]
    if rows:
        with formatter.section(WORDS["Options"]):
            formatter.write_dl(rows)
    if isinstance(cmd, click.Group):
        format_commands(cmd, ctx, formatter)


def _short(text: str, limit: int) -> str:
    """`text` cut at a word to `limit` characters, "..." where cut (as click shortens its own)."""
    if len(text) <= limit:
        return text
    return text[:limit - 3].rsplit(" ", 1)[0].rstrip(",;:") + "..."


def format_commands(group: click.Group, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    commands = [(name, cmd) for name in group.list_commands(ctx)
                if (cmd := group.get_command(ctx, name)) is not None and not cmd.hidden]
    if not commands:
        return
    limit = formatter.width - 6 - max(len(name) for name, _ in commands)
    prefix = key(ctx)
    rows = []
    for name, cmd in commands:
        said = COMMANDS.get(f"{prefix} {name}".strip())
        rows.append((name, _short(said, limit) if said else WORDS["english"] + cmd.get_short_help_str(limit - 8)))
    with formatter.section(WORDS["Commands"]):
        formatter.write_dl(rows)


def every_option(group: click.Group, path: str = "") -> list[tuple[str, click.Command, Any]]:
    """(command path, command, its options) of battlelog and every command below it (for the tests)."""
    out: list[tuple[str, click.Command, Any]] = [(path, group, [p for p in group.params
                                                                  if isinstance(p, click.Option)])]
    for name, cmd in sorted(getattr(group, "commands", {}).items()):
        sub = f"{path} {name}".strip()
        if isinstance(cmd, click.Group):
            out += every_option(cmd, sub)
        else:
            out.append((sub, cmd, [p for p in cmd.params if isinstance(p, click.Option)]))
    return out


# --- click's own usage errors ----------------------------------------------------------------------------------

USAGE_ERRORS = [
    (r"^Missing option '([^']+)'\.", r"не задан обязательный параметр '\1'."),
    (r"^Missing argument '([^']+)'\.", r"не задан аргумент '\1'."),
    (r"^Missing parameter: (\S+)", r"не задан параметр \1"),
    (r"^No such command '([^']+)'\.", r"нет такой команды: '\1'."),
    (r"^No such option: (\S+)", r"нет такого параметра: \1"),
    (r"^No such option '([^']+)'\.", r"нет такого параметра: '\1'."),
    (r"\(Did you mean one of: (.+)\?\)", r"(может быть, одно из: \1?)"),
    (r"\(Did you mean (.+)\?\)", r"(может быть, \1?)"),
    (r"\s*Did you mean (.+)\?", r" Может быть, \1?"),
    (r"\(Possible options: (.+)\)", r"(возможно: \1)"),
    (r"^Invalid value for (.+?): ", r"недопустимое значение \1: "),
    (r"^Invalid value: ", "недопустимое значение: "),
    (r"(\S+) is not one of (.+)\.$", r"\1 — не из \2."),
    (r"(\S+) is not a valid integer( range)?\.", r"\1 — не целое число."),
    (r"(\S+) is not a valid float( range)?\.", r"\1 — не число."),
    (r"(\S+) is not a valid boolean( range)?\.", r"\1 — не да/нет."),
    (r"(\S+) is not in the range (.+)\.", r"\1 — вне промежутка \2."),
    (r"^Got unexpected extra arguments? \((.+)\)", r"лишние аргументы: \1"),
    (r"^Option '([^']+)' requires an argument\.", r"параметру '\1' нужно значение."),
    (r"^Option '([^']+)' does not take a value\.", r"параметр '\1' не принимает значения."),
    (r"(?:File|Path|Directory) ('.+') does not exist\.", r"\1 не существует."),
    (r"(?:File|Path) ('.+') is a directory\.", r"\1 — папка, а не файл."),
    (r"Directory ('.+') is a file\.", r"\1 — файл, а не папка."),
    (r"Choose from:", "выберите из:"),
]
"""click's usage error messages (a regex of the English, its Russian); a message none of them reads is printed in
English, marked [англ.]."""


def usage_error_ru(message: str) -> str:
    """One of click's usage error messages in Russian."""
    import re

    said = re.sub(r"^Missing argument '([^']+)'",
                  lambda m: f"Missing argument '{METAVARS.get(m.group(1), m.group(1))}'", message)
    for english, russian in USAGE_ERRORS:
        said = re.sub(english, russian, said)
    return said if said != message and re.search("[а-яё]", said) else WORDS["english"] + message


def show_usage_error(error: click.UsageError, file: Any = None) -> None:
    """`error.show()` in Russian: the usage line, where to find help, and the error."""
    err = file is None
    ctx = error.ctx
    if ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = f"Справка: {ctx.command_path} {max(ctx.command.get_help_option_names(ctx), key=len)}\n"
        click.echo(f"{ctx.get_usage()}\n{hint}", file=file, err=err)
    click.echo(f"ошибка: {usage_error_ru(error.format_message())}", file=file, err=err)

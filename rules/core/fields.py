"""Declared fields and the copies derived from them (issue 30).

A game state, and every object in it that a copy must copy, declares each attribute once, with
its type and how a copy copies it::

    class Side(Declared):
        life: int                                   # immutable: the copy shares it
        castle: Annotated[dict[str, int], SHALLOW]  # a new dict of the same (immutable) items
        wizards: Annotated[list[Wizard], EACH]      # a new list of each item's own copy()

``Declared.copy()`` is then derived from the declarations (generated once per class, the way
``dataclasses`` writes ``__init__``), so no one re-lists fields by hand and a field added to a
class is copied the way its declaration says. An attribute without a policy is
:data:`IMMUTABLE`. A copy holds exactly the declared attributes: one that is not declared is not
copied (and :func:`undeclared` names it). :func:`shared_mutables` walks two object graphs and
names every mutable object they share (the tests run it on clones of many positions).
"""

from __future__ import annotations

import dataclasses
import inspect
import random
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Self


@dataclass(frozen=True)
class Copy:
    """How a copy copies a field: ``template`` is the copy as a Python expression, ``{}`` standing
    for the value (read once). ``walk`` is how deep :func:`shared_mutables` looks into the field:
    ``"all"``; ``"containers"``, its lists, dicts and sets only (the objects in them are shared by
    design); ``"list"``, the field's own container only (its records, even dicts, are shared by
    design: ``LOG``); ``"none"`` (shared by design: ``FIXED``, ``COPY_ON_WRITE``, ``RECORD``)."""

    name: str
    template: str
    walk: str = "all"

    def __repr__(self) -> str:
        return self.name


#: the value holds nothing mutable (numbers, strings, tuples, frozen records): shared
IMMUTABLE = Copy("IMMUTABLE", "{}")
#: a table built with the game and never changed during it (card definitions): shared
FIXED = Copy("FIXED", "{}", walk="none")
#: a list, dict or set of immutable items: a new container, the same items
SHALLOW = Copy("SHALLOW", "{}.copy()")
#: plain data: lists, dicts and sets nested in any way around immutable items, copied through
DATA = Copy("DATA", "copy_data({})")
#: an object with its own ``copy()`` (a :class:`Declared` one), or None
OWN = Copy("OWN", "(None if (v := {}) is None else v.copy())")
#: a list of objects with their own ``copy()``, or None
EACH = Copy("EACH", "[None if x is None else x.copy() for x in {}]")
#: a ``random.Random``: a new one in the same state
RNG = Copy("RNG", "copy_rng({})")
#: a list of records never changed once added (an event log): a new list, the same records
LOG = Copy("LOG", "{}.copy()", walk="list")
#: a dict of objects with their own ``copy()``: a new dict, the same keys, each value's own copy
EACH_VALUE = Copy("EACH_VALUE", "{{k: v.copy() for k, v in {}.items()}}")
#: an object shared with the copy until either would change it (a ``random.Random`` copied only
#: when one of them next draws from it, as copying its state costs as much as the rest of a copy):
#: the class flags both sides as sharing before copying and copies the object before changing it
COPY_ON_WRITE = Copy("COPY_ON_WRITE", "{}", walk="none")
#: an immutable record whose contents are never changed once it is made, though they may be lists
#: or dicts (a decision asked, with its option list shared by every game): shared
RECORD = Copy("RECORD", "{}", walk="none")

#: a list of dicts of containers (per seat: counter -> card -> count): new dicts of each container's own copy
EACH_OF_EACH_VALUE = Copy("EACH_OF_EACH_VALUE", "[{{k: v.copy() for k, v in d.items()}} for d in {}]")
#: a :class:`ForkedRng`: the source and the copy each go on from the generator's state, which is
#: copied only once the source is copied after drawing, and made a generator again only by a side
#: that draws (``ForkedRngField``)
FORKED = Copy("FORKED", "{}.fork()")

POLICIES = (IMMUTABLE, FIXED, SHALLOW, DATA, OWN, EACH, RNG, LOG, EACH_VALUE, COPY_ON_WRITE, RECORD,
            EACH_OF_EACH_VALUE, FORKED)


_CONTAINERS = frozenset({list, dict, set})


def copy_data(value: Any) -> Any:
    """``DATA``: lists, dicts and sets copied through; anything else is kept (immutable)."""
    kind = type(value)
    if kind is list:
        return [copy_data(x) if type(x) in _CONTAINERS else x for x in value]
    if kind is dict:
        return {k: copy_data(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if kind is set:
        return set(value)
    return value


def copy_rng(rng: random.Random) -> random.Random:
    """``RNG``: a new generator in ``rng``'s state (no seeding: ``setstate`` gives it all)."""
    other = random.Random.__new__(random.Random)
    other.setstate(rng.getstate())
    return other


class ForkedRng:
    """A ``random.Random`` or, between a copy and its next draw, the state it was in. Copying a
    generator's state costs as much as the rest of a game's copy, and most copies (a look-ahead,
    a trial) draw nothing: ``fork`` keeps the state once for the source and all its copies, and
    ``get`` makes a generator from it for the side that draws (the same numbers either way)."""

    __slots__ = ("_random", "_state")

    def __init__(self, rng: random.Random):
        self._random: random.Random | None = rng
        self._state: tuple[Any, ...] | int = ()  # set by ``fork`` before ``_random`` is dropped (a seed: ``seeded``)

    @classmethod
    def seeded(cls, seed: int) -> ForkedRng:
        """A generator seeded with ``seed``, made when it first draws (seeding one costs as much as a
        few hundred draws, and many are never drawn from: a Store no clash reaches)."""
        rng = cls.__new__(cls)
        rng._random, rng._state = None, seed
        return rng

    def get(self) -> random.Random:
        rng = self._random
        if rng is None:
            state = self._state
            if isinstance(state, int):  # (``seeded``, not drawn from yet)
                rng = self._random = random.Random(state)
            else:
                rng = self._random = random.Random.__new__(random.Random)
                rng.setstate(state)
        return rng

    def fork(self) -> ForkedRng:
        """The copy's: in this one's state (this one keeps the state too, for its next draw)."""
        if self._random is not None:
            self._state, self._random = self._random.getstate(), None
        other = ForkedRng.__new__(ForkedRng)
        other._random, other._state = None, self._state
        return other


class ForkedRngField:
    """A state's ``rng`` kept in a :class:`ForkedRng` (mixed in before ``GameState``, whose ``rng``
    it replaces): a copy's generator is made only if the copy draws. Two states that draw from one
    generator share its ``ForkedRng`` (``draw_from``), never the generator itself."""

    if not TYPE_CHECKING:  # (as ``GameState``'s: mypy would refuse the assignments to ``_forked_rng``)
        __slots__ = ()  # ``_forked_rng``: a slot of a slotted state (``declared_slots``), else in its ``__dict__``

    _forked_rng: Annotated[ForkedRng, FORKED]

    @property
    def rng(self) -> random.Random:
        return self._forked_rng.get()

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._forked_rng = ForkedRng(value)

    def draw_from(self, other: ForkedRngField) -> None:
        """From now on draw from ``other``'s generator (a game and the table it plays on): both
        hold one ``ForkedRng``, so a copy of either leaves the two drawing the same numbers."""
        self._forked_rng = other._forked_rng


_DECLARED: dict[type, dict[str, Copy]] = {}


def declared_fields(cls: type) -> dict[str, Copy]:
    """Every attribute the class and its bases declare (class annotations, ``ClassVar`` aside, and
    a name the class makes a property: computed, or stored under another name), with its copy
    policy, in declaration order from the base classes down (read once per class)."""
    if cls not in _DECLARED:
        _DECLARED[cls] = _declarations(cls)
    return _DECLARED[cls]


def _declarations(cls: type) -> dict[str, Copy]:
    hints = typing.get_type_hints(cls, include_extras=True)
    out: dict[str, Copy] = {}
    for name, hint in hints.items():
        if typing.get_origin(hint) is typing.ClassVar or isinstance(inspect.getattr_static(cls, name, None), property):
            continue
        policy = IMMUTABLE
        if typing.get_origin(hint) is Annotated:
            policy = next((m for m in hint.__metadata__ if isinstance(m, Copy)), IMMUTABLE)
        out[name] = policy
    return out


def derive_copy(cls: type) -> Callable[[Any], Any]:
    """The ``copy`` function of ``cls``: a new instance holding each declared field copied as its
    policy says (for ordinary objects, key by key into the new instance's own ``__dict__``: faster
    than building a dict and assigning it; slot by slot otherwise)."""
    fields = declared_fields(cls)
    if getattr(cls, "__dictoffset__", 0):
        body = ["d = self.__dict__", "other = new(cls)", "o = other.__dict__"]
        if getattr(cls, "copy_from_dict", False):  # the shared fields in one C call, then the others over them
            body.append("o.update(d)")
            fields = {name: policy for name, policy in fields.items() if policy.template != "{}"}
        body += [f"o[{name!r}] = {policy.template.format(f'd[{name!r}]')}" for name, policy in fields.items()]
    else:
        body = ["other = new(cls)"] + [f"other.{name} = {policy.template.format(f'self.{name}')}"
                                       for name, policy in fields.items()]
    source = "def copy(self):\n" + "".join(f"    {line}\n" for line in body) + "    return other\n"
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "copy_data": copy_data, "copy_rng": copy_rng}
    exec(compile(source, f"<derived copy of {cls.__qualname__}>", "exec"), namespace)  # our own text, as dataclasses does
    function = namespace["copy"]
    function.__qualname__ = f"{cls.__qualname__}.copy"
    function.__doc__ = f"A copy of this {cls.__name__}, each declared field copied as its declaration says."
    return function


class Declared:
    """A class whose fields are declared with their types and copy policies (see the module).
    ``copy()`` is derived from them on its first use and then installed on the class.

    A class whose instances hold only declared attributes (its tests check :func:`undeclared`)
    may set ``copy_from_dict = True``: its copy then starts from the instance's whole ``__dict__``
    (every shared field in one step: a game state copied for every look-ahead action has dozens)
    and copies the other fields over it; an undeclared attribute would be shared, not dropped."""

    __slots__ = ()
    copy_from_dict: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each class derives its own ``copy``: a subclass must not inherit the function derived
        for its base (it would make the base's instances, without the subclass's fields)."""
        super().__init_subclass__(**kwargs)
        if "copy" not in cls.__dict__:
            setattr(cls, "copy", Declared.copy)  # noqa: B010  (as in copy below)

    def copy(self) -> Self:
        """An independent copy: each declared field copied as its policy says."""
        cls = type(self)
        function = derive_copy(cls)
        setattr(cls, "copy", function)  # noqa: B010  (from now on, the derived function; mypy refuses `cls.copy =`)
        return function(self)


def declared_slots(own: dict[str, Any], *bases: type) -> tuple[str, ...]:
    """The ``__slots__`` of a class whose instances hold only declared fields: the fields its body
    annotates (``own``: the body's ``__annotations__``; ``ClassVar`` ones aside) and those ``bases``
    declare (classes whose own ``__slots__`` are empty, such as ``GameState``). Every class of the
    state's MRO then has ``__slots__`` (most of them empty), so the state has no ``__dict__``: a
    slot is read at a fixed offset, while a ``__dict__`` of more than thirty keys is no longer
    shared and each read is a keyed look-up (a game state's fields are read at every step)."""
    names = [name for base in bases for name in declared_fields(base)]
    names += [name for name, hint in own.items() if "ClassVar" not in str(hint)]
    computed = {name for name in names for base in bases  # (a base's property: ``ForkedRngField.rng``)
                if isinstance(inspect.getattr_static(base, name, None), property)}
    return tuple(name for name in dict.fromkeys(names) if name not in computed)


def held_attributes(obj: Any) -> set[str]:
    """The names of the attributes ``obj`` holds: in its ``__dict__``, and its slots that are set."""
    held = set(vars(obj)) if hasattr(obj, "__dict__") else set()
    return held | {name for name in _slots(type(obj)) if hasattr(obj, name)}


def undeclared(obj: Any) -> set[str]:
    """The attributes ``obj`` holds that its class does not declare (a copy would drop them)."""
    return held_attributes(obj) - set(declared_fields(type(obj)))


# -- the sharing check ------------------------------------------------------------------------------
_ATOMS = (int, float, complex, str, bytes, bool, type(None), Enum, range)


def shared_mutables(source: Any, copy: Any) -> list[str]:
    """The mutable objects reachable from both ``source`` and ``copy`` (each as the path that
    reaches it from ``source``): empty for an independent copy. A field is walked as deep as its
    policy's ``walk`` says: ``FIXED``, ``COPY_ON_WRITE`` and ``RECORD`` fields not at all (shared by
    design), ``LOG`` fields down to their list, not the records in it."""
    in_copy = {id(obj) for obj, _ in _mutables(copy, "copy")}
    return [path for obj, path in _mutables(source, "source") if id(obj) in in_copy]


def _mutables(root: Any, name: str) -> Iterator[tuple[Any, str]]:
    seen: set[int] = set()
    todo = [(root, name)]
    while todo:
        obj, path = todo.pop()
        if isinstance(obj, _ATOMS) or id(obj) in seen:
            continue
        seen.add(id(obj))
        if not _frozen(obj):
            yield obj, path
        if isinstance(obj, (list, tuple, set, frozenset)):
            todo += [(x, f"{path}[{i}]") for i, x in enumerate(obj)]
        elif isinstance(obj, dict):
            todo += [(v, f"{path}[{k!r}]") for k, v in obj.items()] + [(k, f"{path}.keys") for k in obj]
        elif isinstance(obj, random.Random) or callable(obj):
            continue  # opaque: its identity is what counts
        else:
            policies = declared_fields(type(obj)) if isinstance(obj, Declared) else {}
            for attr, value in _attributes(obj):
                walk = policies[attr].walk if attr in policies else "all"
                if walk == "none":
                    continue
                if walk == "list":
                    yield value, f"{path}.{attr}"
                    continue
                if walk == "containers":
                    yield from _containers(value, f"{path}.{attr}")
                    continue
                todo.append((value, f"{path}.{attr}"))


def _containers(value: Any, path: str) -> Iterator[tuple[Any, str]]:
    """The lists, dicts and sets nested in ``value`` (not the records they hold)."""
    if type(value) in _CONTAINERS:
        yield value, path
        items = value.items() if type(value) is dict else enumerate(value)
        for key, item in items:
            yield from _containers(item, f"{path}[{key!r}]")


def _frozen(obj: Any) -> bool:
    """Immutable itself (its contents are walked separately)."""
    if isinstance(obj, (tuple, frozenset, *_ATOMS)):
        return True
    params = getattr(type(obj), "__dataclass_params__", None)
    return params is not None and params.frozen


def _attributes(obj: Any) -> list[tuple[str, Any]]:
    if dataclasses.is_dataclass(obj):
        return [(f.name, getattr(obj, f.name)) for f in dataclasses.fields(obj) if hasattr(obj, f.name)]
    out = list(vars(obj).items()) if hasattr(obj, "__dict__") else []
    return out + [(n, getattr(obj, n)) for n in _slots(type(obj)) if hasattr(obj, n)]


def _slots(cls: type) -> list[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else [s for s in slots if s not in ("__dict__", "__weakref__")]
    return names

# C helpers the compiled kernel modules share (cimported, so that a module's pure source
# may name them without defining them): the objects of a slotted class built in C.

cdef extern from *:
    """
    #include <structmember.h>
    /* Where a slot of plain objects lies (a member descriptor of an object field that
       may be written), or -1. */
    static inline Py_ssize_t hearts_slot_offset(PyObject *descriptor) {
        PyMemberDef *member;
        if (Py_TYPE(descriptor) != &PyMemberDescr_Type) return -1;
        member = ((PyMemberDescrObject *)descriptor)->d_member;
        if (member->type != T_OBJECT_EX || (member->flags & READONLY)) return -1;
        return member->offset;
    }
    /* A new object of the type, every slot NULL (tracked by the collector if it is a
       collected type, as object.__new__ leaves it). */
    static inline PyObject *hearts_allocate(PyObject *cls) {
        PyTypeObject *type = (PyTypeObject *)cls;
        return type->tp_alloc(type, 0);
    }
    /* Store a value in a slot still empty: a new reference, nothing to release. */
    static inline void hearts_put(PyObject *target, Py_ssize_t offset, PyObject *value) {
        Py_INCREF(value);
        *(PyObject **)((char *)target + offset) = value;
    }
    /* The items of a tuple at base + i for each bit i of mask, in order, as a new tuple. */
    static PyObject *hearts_pick(PyObject *items, Py_ssize_t base, unsigned long long mask) {
        Py_ssize_t count = 0, place = 0, index;
        unsigned long long rest;
        PyObject *result, *item;
        for (rest = mask; rest; rest &= rest - 1) count++;
        result = PyTuple_New(count);
        if (result == NULL) return NULL;
        for (index = base; mask; index++, mask >>= 1) {
            if (mask & 1) {
                item = PyTuple_GET_ITEM(items, index);
                Py_INCREF(item);
                PyTuple_SET_ITEM(result, place++, item);
            }
        }
        return result;
    }
    /* A new object of a subclass of tuple holding the two items. */
    static PyObject *hearts_pair(PyObject *cls, PyObject *first, PyObject *second) {
        PyTypeObject *type = (PyTypeObject *)cls;
        PyObject *result = type->tp_alloc(type, 2);
        if (result == NULL) return NULL;
        Py_INCREF(first);
        Py_INCREF(second);
        PyTuple_SET_ITEM(result, 0, first);
        PyTuple_SET_ITEM(result, 1, second);
        return result;
    }
    """
    Py_ssize_t slot_offset "hearts_slot_offset"(object descriptor)
    object allocate "hearts_allocate"(object cls)
    void put "hearts_put"(object target, Py_ssize_t offset, object value)
    object pick "hearts_pick"(tuple items, Py_ssize_t base, unsigned long long mask)
    object pair "hearts_pair"(object cls, object first, object second)

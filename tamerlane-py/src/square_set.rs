//! `SquareSet`: a set of squares, as `Board.attackers()` and
//! `Board.checkers()` return it (python-chess's `SquareSet` for the common
//! uses: iteration in ascending order, `len`, `in`, `int()`, `bool`, the
//! set operators, and `==` with another set, an int mask or any iterable of
//! squares). Bit `i` of the mask is square `i`: 0..63 on the 8x8 boards,
//! 0..111 on the Tamerlane board (110 and 111 are the citadels).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::types::{index_arg, type_name};

/// A set of squares (see the module docs).
#[pyclass(module = "tamerlane", frozen)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct SquareSet {
    /// Bit `i` set for square `i`.
    pub mask: u128,
}

impl SquareSet {
    /// The set of the squares of these indices.
    pub fn of(squares: impl IntoIterator<Item = usize>) -> SquareSet {
        SquareSet {
            mask: squares.into_iter().fold(0, |m, sq| m | 1u128 << sq),
        }
    }

    fn squares(&self) -> Vec<usize> {
        (0..128usize).filter(|i| self.mask >> i & 1 == 1).collect()
    }

    /// A set from Python: a `SquareSet`, an int mask (non-negative, below
    /// 2**128) or an iterable of square indices.
    fn from_any(obj: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        if let Ok(s) = obj.downcast::<SquareSet>() {
            return Ok(*s.get());
        }
        if let Some(i) = index_arg(obj, "a square set")? {
            return i
                .extract::<u128>()
                .map(|mask| SquareSet { mask })
                .map_err(|_| {
                    PyValueError::new_err("a square mask must be an int from 0 to 2**128 - 1")
                });
        }
        if obj.downcast::<PyString>().is_ok() {
            return Err(PyTypeError::new_err(
                "a square set is built from square indices, not a str",
            ));
        }
        let mut mask = 0u128;
        let iter = obj.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "expected a SquareSet, an int mask or an iterable of squares, not {}",
                type_name(obj)
            ))
        })?;
        for item in iter {
            let item = item?;
            let Some(i) = index_arg(&item, "a square")? else {
                return Err(PyTypeError::new_err(format!(
                    "a square must be an int, not {}",
                    type_name(&item)
                )));
            };
            let n: u32 = i
                .extract()
                .ok()
                .filter(|n| *n < 128)
                .ok_or_else(|| PyValueError::new_err(format!("square {i} out of range")))?;
            mask |= 1u128 << n;
        }
        Ok(SquareSet { mask })
    }
}

#[pymethods]
impl SquareSet {
    /// A set of the given squares (ints), or of an int mask.
    #[new]
    #[pyo3(signature = (squares = None))]
    fn new(squares: Option<&Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        squares.map_or(Ok(SquareSet::default()), SquareSet::from_any)
    }

    fn __len__(&self) -> usize {
        self.mask.count_ones() as usize
    }

    fn __bool__(&self) -> bool {
        self.mask != 0
    }

    fn __int__(&self) -> u128 {
        self.mask
    }

    fn __index__(&self) -> u128 {
        self.mask
    }

    /// Whether a square (an int) is in the set; anything else is not.
    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        match index_arg(square, "square") {
            Ok(Some(i)) => i
                .extract::<u32>()
                .is_ok_and(|n| n < 128 && self.mask >> n & 1 == 1),
            _ => false,
        }
    }

    /// The squares in ascending order.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.squares())?.try_iter()?.into_any())
    }

    /// The squares in descending order.
    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.squares().into_iter().rev())?
            .try_iter()?
            .into_any())
    }

    /// The squares as a list, ascending.
    fn tolist(&self) -> Vec<usize> {
        self.squares()
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask | SquareSet::from_any(other)?.mask,
        })
    }

    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask & SquareSet::from_any(other)?.mask,
        })
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask & !SquareSet::from_any(other)?.mask,
        })
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask ^ SquareSet::from_any(other)?.mask,
        })
    }

    /// `other | self`, for an int mask or an iterable on the left.
    fn __ror__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__or__(other)
    }

    /// `other & self`.
    fn __rand__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__and__(other)
    }

    /// `other ^ self`.
    fn __rxor__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__xor__(other)
    }

    /// `other - self`: the squares of `other` not in this set.
    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: SquareSet::from_any(other)?.mask & !self.mask,
        })
    }

    /// The same squares as another `SquareSet`, an int mask or an
    /// iterable of squares (as python-chess compares its `SquareSet`).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        SquareSet::from_any(other).is_ok_and(|o| o.mask == self.mask)
    }

    fn __hash__(&self) -> u64 {
        (self.mask ^ (self.mask >> 64)) as u64
    }

    fn __repr__(&self) -> String {
        format!("SquareSet({:#x})", self.mask)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let py = slf.py();
        let args = pyo3::types::PyTuple::new(py, [slf.get().mask])?;
        pyo3::types::PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
}

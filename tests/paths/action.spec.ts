import { driver } from './action.driver'
import { drivePaths } from './runner'

drivePaths(driver)
